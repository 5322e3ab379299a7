// Breaks the format wall: prettier --check fails on this file.
export const   unformatted = {a:1,
  b : 2}
