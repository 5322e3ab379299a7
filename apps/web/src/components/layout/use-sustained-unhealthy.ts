import { useEffect, useState } from 'react';
import { UNHEALTHY_OVERLAY_DELAY_MS } from '@/lib/constants.ts';

/**
 * True once the server has stayed unhealthy for `delayMs` without a healthy poll in between, false as soon as it
 * is healthy again. The delay keeps one slow or lost poll from blanking the whole console.
 */
export function useSustainedUnhealthy(isHealthy: boolean, delayMs = UNHEALTHY_OVERLAY_DELAY_MS): boolean {
  const [hasLasted, setHasLasted] = useState(false);
  const [previousHealthy, setPreviousHealthy] = useState(isHealthy);
  // Every change of health starts the count again; adjusting during render avoids a frame with a stale overlay.
  if (previousHealthy !== isHealthy) {
    setPreviousHealthy(isHealthy);
    setHasLasted(false);
  }
  useEffect(() => {
    if (isHealthy) return;
    const timer = setTimeout(() => setHasLasted(true), delayMs);
    return () => clearTimeout(timer);
  }, [isHealthy, delayMs]);
  return !isHealthy && hasLasted;
}
