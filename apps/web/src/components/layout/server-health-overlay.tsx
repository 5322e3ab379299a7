import { isServerHealthy, type ServerHealthState } from '@/lib/server-status.ts';
import { ServerHealthDialog } from './server-health-dialog.tsx';
import { useSustainedUnhealthy } from './use-sustained-unhealthy.ts';

/**
 * Blocks the console with the server-health dialog once the server has been unhealthy for the spec's delay
 * (§2 "Application shell", §9: 5 s), and lifts it as soon as a poll reports the server healthy. The banners
 * cover the first seconds, so a single failed poll never blanks the page.
 */
export function ServerHealthOverlay({ status }: { status: ServerHealthState }) {
  const isBlocked = useSustainedUnhealthy(isServerHealthy(status));
  return isBlocked ? <ServerHealthDialog status={status} /> : null;
}
