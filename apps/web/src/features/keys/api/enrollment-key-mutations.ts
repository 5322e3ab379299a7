import {
  enrollmentKeySchema,
  toEnrollmentKeyItem,
  type EnrollmentKeyInput,
  type EnrollmentKeyItem,
} from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { enrollmentKeysKeys } from '@/lib/api/query-keys.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

const keyPath = (value: string) => `v1/enrollment-keys/${encodeURIComponent(value)}`;
const keys = [enrollmentKeysKeys.all] as const;

/** POST v1/enrollment-keys; answers the new key so the wizard can show its token at once. */
export const useCreateEnrollmentKey = () =>
  useResourceMutation(
    async (input: EnrollmentKeyInput): Promise<EnrollmentKeyItem> =>
      toEnrollmentKeyItem(await apiClient.post('v1/enrollment-keys', input, { schema: enrollmentKeySchema })),
    keys,
  );

/**
 * PUT v1/enrollment-keys/{value}: the server applies only `relay` and `groups`, but its schema still wants the
 * whole body, so the unchanged fields are sent back as they are.
 */
export const useUpdateEnrollmentKey = () =>
  useResourceMutation(
    ({ key, relay, groups }: { key: EnrollmentKeyItem; relay: string; groups: string[] }) =>
      apiClient.put(keyPath(key.value), {
        tags: [key.name],
        networks: key.networks,
        expiration: key.expiresAt ? Math.floor(key.expiresAt.getTime() / 1000) : 0,
        uses_remaining: key.usesRemaining,
        unlimited: key.kind === 'unlimited',
        type: 0,
        relay,
        groups,
      } satisfies EnrollmentKeyInput),
    keys,
  );

/** DELETE v1/enrollment-keys/{value}. */
export const useDeleteEnrollmentKey = () =>
  useResourceMutation((value: string) => apiClient.delete(keyPath(value)), keys);
