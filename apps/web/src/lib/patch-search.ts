/**
 * Turns a partial change of a page's search parameters into the router's search updater: the other
 * parameters are kept, and empty or undefined values are dropped so the URL stays clean. Pages pass it to
 * their route's typed `navigate({ search: patchSearch(...), replace: true })`; `replace` keeps typing in a
 * search box from flooding the back button.
 */
export function patchSearch<T extends object>(patch: T): (previous: T) => T {
  return (previous) => {
    const next: Record<string, unknown> = { ...(previous as Record<string, unknown>) };
    for (const [name, value] of Object.entries(patch)) {
      if (value === undefined || value === '') delete next[name];
      else next[name] = value;
    }
    return next as T;
  };
}
