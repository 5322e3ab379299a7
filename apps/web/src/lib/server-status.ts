import { serverStatusSchema } from '@meshdeck/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from './api-client.ts';
import { SERVER_STATUS_POLL_MS } from './constants.ts';

/** Older servers have neither field; the console must still read their status. */
const statusSchema = serverStatusSchema.partial({ deployment_mode: true, version: true });

/** What the shell knows about the server's health (spec §3 "Server status", §4 "Server health polling"). */
export interface ServerHealthState {
  /**
   * An answer has arrived: until then the edition and version below are defaults, never to be shown as facts (a
   * Pro server must never read COMMUNITY while its first answer is on the way, issue 39).
   */
  isKnown: boolean;
  isPro: boolean;
  isDbConnected: boolean;
  isBrokerConnected: boolean;
  licenseError: string;
  version: string;
  /** False only when the last poll got no answer at all. */
  isNetworkHealthy: boolean;
  isOnTrial: boolean;
  /** ISO date; meaningful only while `isOnTrial`. */
  trialEndDate: string;
}

export const UNKNOWN_SERVER_STATUS: ServerHealthState = {
  isKnown: false,
  isPro: false,
  isDbConnected: true,
  isBrokerConnected: true,
  licenseError: '',
  version: '',
  isNetworkHealthy: true,
  isOnTrial: false,
  trialEndDate: '',
};

type StatusAnswer = ReturnType<typeof statusSchema.parse>;

/** What one poll produced: the server's answer, or the error the call threw. */
export type StatusOutcome = { answer: StatusAnswer } | { error: unknown };

export const serverStatusQueryKey = ['server', 'status'] as const;

/** Spec §4: healthy only with the database connected, the server reachable and no licence error. */
export const isServerHealthy = (state: ServerHealthState): boolean =>
  state.isDbConnected && state.isNetworkHealthy && state.licenseError === '';

/**
 * Folds one poll's outcome into the previous state by the spec's rules (§4 "Server health polling"): an HTTP
 * error keeps the previous values, no answer marks the network unhealthy, anything else (an answer the console
 * cannot read) marks database and broker down.
 */
export function foldServerStatus(previous: ServerHealthState, outcome: StatusOutcome): ServerHealthState {
  if ('answer' in outcome) {
    const status = outcome.answer;
    return {
      isKnown: true,
      isPro: status.is_pro,
      isDbConnected: status.db_connected,
      isBrokerConnected: status.broker_connected,
      licenseError: status.license_error,
      version: status.version ?? '',
      isNetworkHealthy: true,
      isOnTrial: status.is_on_trial_license,
      trialEndDate: status.trial_end_date,
    };
  }
  const { error } = outcome;
  if (isApiError(error) && error.kind === 'http') return { ...previous, isNetworkHealthy: true };
  if (isApiError(error) && error.kind === 'network') return { ...previous, isNetworkHealthy: false };
  return { ...previous, isDbConnected: false, isBrokerConnected: false, isNetworkHealthy: true };
}

/** One poll of GET server/status, folded into the previous state. */
export async function pollServerStatus(
  previous: ServerHealthState = UNKNOWN_SERVER_STATUS,
): Promise<ServerHealthState> {
  try {
    const answer = await apiClient.get('server/status', { schema: statusSchema, token: null });
    return foldServerStatus(previous, { answer });
  } catch (error) {
    return foldServerStatus(previous, { error });
  }
}

/** Polled every 10 s while the signed-in shell is mounted; it is one tiny request, unlike the lists. */
export const serverStatusQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: serverStatusQueryKey,
    queryFn: () => pollServerStatus(queryClient.getQueryData<ServerHealthState>(serverStatusQueryKey)),
    refetchInterval: SERVER_STATUS_POLL_MS,
    staleTime: SERVER_STATUS_POLL_MS,
    retry: false,
  });

/**
 * The latest health, with safe defaults until the first answer arrives; `isLoaded` once the server has answered
 * (a first poll that got no answer leaves the edition unknown, not community).
 */
export function useServerStatus(queryClient: QueryClient): { status: ServerHealthState; isLoaded: boolean } {
  const query = useQuery(serverStatusQueryOptions(queryClient));
  const status = query.data ?? UNKNOWN_SERVER_STATUS;
  return { status, isLoaded: status.isKnown };
}
