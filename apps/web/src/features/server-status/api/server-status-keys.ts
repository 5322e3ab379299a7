/** Query keys of the server's own state (status, configuration). */
export const serverStatusKeys = {
  all: ['server'] as const,
  config: () => [...serverStatusKeys.all, 'config'] as const,
};
