import type { TFunction } from 'i18next';
import { isApiError } from './api-error.ts';

/**
 * The text to show for a failed call: the server's own Message when it answered, a translated explanation
 * when it could not be reached or answered something the console cannot read.
 */
export function describeError(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.kind === 'http') return error.message;
    if (error.kind === 'network') return t('error:unreachable', { product: t('common:appName') });
    return t('error:invalidResponse');
  }
  return t('error:unexpected');
}
