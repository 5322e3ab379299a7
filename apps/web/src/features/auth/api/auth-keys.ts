/** Query keys of the sign-in flow; one factory so invalidation never misses a spelling. */
export const authKeys = {
  all: ['auth'] as const,
  hasSuperAdmin: () => [...authKeys.all, 'has-super-admin'] as const,
};
