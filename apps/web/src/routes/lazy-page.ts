import { lazyRouteComponent } from '@tanstack/react-router';
import { loadTranslations } from '@/i18n/index.ts';

/**
 * A route's lazy page whose translation namespaces download beside its code (decision 044): both start when the
 * route loads or is preloaded, and the page renders when both are in, so no string waits on a second round trip.
 * A namespace left out here still works (useTranslation fetches it), one round trip later.
 */
export function lazyPage<T extends Record<string, unknown>, TKey extends keyof T>(
  importer: () => Promise<T>,
  exportName: TKey,
  namespaces: readonly string[],
) {
  return lazyRouteComponent(
    () => Promise.all([importer(), loadTranslations(namespaces)]).then(([module]) => module),
    exportName,
  );
}
