// The i18next singleton itself, not i18n/index.ts (which imports lib/): lib stays below i18n, and i18n/ initialises
// this same instance before anything renders.
import i18next from 'i18next';
import { isApiError } from './api-error.ts';

/**
 * The text to show for a failed call: the server's own Message when it answered, a translated explanation
 * when it could not be reached or answered something the console cannot read. Call it during render so a
 * language change re-translates it.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'http') return error.message;
    if (error.kind === 'network')
      return i18next.t('error:unreachable', { product: i18next.t('common:appName') });
    return i18next.t('error:invalidResponse');
  }
  return i18next.t('error:unexpected');
}
