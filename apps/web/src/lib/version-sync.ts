import { useEffect } from 'react';
import { IS_HOSTED, versionSyncTarget } from './hosted.ts';

/** Spec §4: the sync happens once per page load, at the first status that names the server's version. */
let isSyncPending = IS_HOSTED;

/**
 * Hosted version sync (spec §4 "Server health polling"): once, when the server's version differs from this
 * console's, the page reloads to the same page under the server's version prefix, where the hosting serves the
 * matching console. Self-hosted consoles never reload: their server serves the console that matches it.
 */
export function useHostedVersionSync(serverVersion: string): void {
  useEffect(() => {
    if (!isSyncPending || serverVersion === '') return;
    isSyncPending = false;
    const target = versionSyncTarget(serverVersion, window.location);
    if (target) window.location.replace(target);
  }, [serverVersion]);
}
