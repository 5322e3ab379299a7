import {
  alertOverviewSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleWithSecretSchema,
  alertTestResultSchema,
  type AlertRuleInput,
} from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/** Keys start with `alerts`, the resource the server announces on firing, resolving and rule changes. */
export const alertKeys = {
  network: (networkId: string) => ['alerts', networkId] as const,
  rules: (networkId: string) => ['alerts', networkId, 'rules'] as const,
  overview: (networkId: string) => ['alerts', networkId, 'overview'] as const,
};

const base = (networkId: string) => `v1/alerts/${encodeURIComponent(networkId)}`;
const rulePath = (networkId: string, ruleId: string) =>
  `${base(networkId)}/rules/${encodeURIComponent(ruleId)}`;

export const useAlertRules = (networkId: string) =>
  useQuery({
    queryKey: alertKeys.rules(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`${base(networkId)}/rules`, { schema: alertRuleListSchema, signal }),
  });

export const useAlertOverview = (networkId: string) =>
  useQuery({
    queryKey: alertKeys.overview(networkId),
    queryFn: ({ signal }) => apiClient.get(base(networkId), { schema: alertOverviewSchema, signal }),
  });

export const useCreateAlertRule = (networkId: string) =>
  useResourceMutation(
    (body: AlertRuleInput) =>
      apiClient.post(`${base(networkId)}/rules`, body, { schema: alertRuleWithSecretSchema }),
    [alertKeys.network(networkId)],
  );

export const useUpdateAlertRule = (networkId: string) =>
  useResourceMutation(
    ({ id, body }: { id: string; body: AlertRuleInput }) =>
      apiClient.put(rulePath(networkId, id), body, { schema: alertRuleSchema }),
    [alertKeys.network(networkId)],
  );

export const useDeleteAlertRule = (networkId: string) =>
  useResourceMutation(
    (id: string) => apiClient.delete(rulePath(networkId, id)),
    [alertKeys.network(networkId)],
  );

export const useRotateAlertSecret = (networkId: string) =>
  useResourceMutation(
    (id: string) =>
      apiClient.post(`${rulePath(networkId, id)}/secret`, undefined, { schema: alertRuleWithSecretSchema }),
    [alertKeys.network(networkId)],
  );

export const useTestAlertRule = (networkId: string) =>
  useResourceMutation(
    (id: string) =>
      apiClient.post(`${rulePath(networkId, id)}/test`, undefined, { schema: alertTestResultSchema }),
    [],
  );
