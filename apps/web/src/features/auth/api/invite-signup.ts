import { envelopeSchema, inviteSignupInputSchema, type AuthenticateInput } from '@meshdeck/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

export interface InviteParams {
  email: string;
  inviteCode: string;
}

const query = ({ email, inviteCode }: InviteParams) => ({ email, invite_code: inviteCode });

/** GET v1/users/invite?email=&invite_code= : resolves when the invite is valid, throws the server's reason otherwise. */
export const checkInvite = (params: InviteParams, signal?: AbortSignal) =>
  apiClient.get('v1/users/invite', {
    query: query(params),
    token: null,
    schema: envelopeSchema(z.unknown()),
    signal,
  });

/** The invite check; a bad code is an answer, not a glitch, so it is not retried. */
export const useInviteCheck = (params: InviteParams | null) =>
  useQuery({
    queryKey: [...authKeys.all, 'invite', params?.email, params?.inviteCode],
    queryFn: ({ signal }) => (params ? checkInvite(params, signal) : Promise.resolve(null)),
    enabled: params !== null,
    retry: false,
    staleTime: Infinity,
  });

/** POST v1/users/invite-signup: the username is the invited email; the role comes from the invite. */
export const useInviteSignup = () =>
  useMutation({
    mutationFn: ({ params, credentials }: { params: InviteParams; credentials: AuthenticateInput }) =>
      apiClient.post('v1/users/invite-signup', inviteSignupInputSchema.parse(credentials), {
        query: query(params),
        token: null,
      }),
  });
