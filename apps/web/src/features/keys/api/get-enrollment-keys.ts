import { enrollmentKeySchema, toEnrollmentKeyItem, type EnrollmentKeyItem } from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { enrollmentKeysKeys } from '@/lib/api/query-keys.ts';

const keysSchema = z.array(enrollmentKeySchema);

/** GET v1/enrollment-keys: every key with its join token. */
export async function getEnrollmentKeys(signal?: AbortSignal): Promise<EnrollmentKeyItem[]> {
  const keys = await apiClient.get('v1/enrollment-keys', { schema: keysSchema, signal });
  const now = new Date();
  return keys.map((key) => toEnrollmentKeyItem(key, now));
}

export const enrollmentKeysQueryOptions = () =>
  queryOptions({ queryKey: enrollmentKeysKeys.list(), queryFn: ({ signal }) => getEnrollmentKeys(signal) });

export const useEnrollmentKeys = () => useQuery(enrollmentKeysQueryOptions());
