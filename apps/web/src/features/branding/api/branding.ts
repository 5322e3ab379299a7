import { brandingSchema, type Branding, type BrandingInput } from '@meshdeck/contracts/branding';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

export const brandingKeys = { current: ['branding'] as const };

/** GET v1/branding: the branding in effect (spec §9's defaults when none is set). */
export const getBranding = (signal?: AbortSignal): Promise<Branding> =>
  apiClient.get('v1/branding', { schema: brandingSchema, signal });

export const useBranding = () =>
  useQuery({ queryKey: brandingKeys.current, queryFn: ({ signal }) => getBranding(signal) });

/** PUT v1/branding: name and colours, and per image new base64, null to remove it, absent to keep it. */
export const useUpdateBranding = () =>
  useResourceMutation(
    (body: BrandingInput) => apiClient.put('v1/branding', body, { schema: brandingSchema }),
    [brandingKeys.current],
  );
