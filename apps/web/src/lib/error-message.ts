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
    if (error.kind === 'http') return withFieldWords(error.message);
    if (error.kind === 'network')
      return i18next.t('error:unreachable', { product: i18next.t('common:appName') });
    return i18next.t('error:invalidResponse');
  }
  return i18next.t('error:unexpected');
}

/** A wire field name opening a server message (`ranges_with_metric: ...`, `relaynodes must ...`). */
const LEADING_FIELD = /^([a-z][a-z0-9_]*)((?:\.[a-z0-9_]+)*)(?=:| must | is | should )/;

/**
 * The server's message with the wire field it opens with named in the console's words ("Ranges: ..." for
 * `ranges_with_metric: ...`), so no raw field name reaches a person (issue 39). Unknown fields are left as sent.
 */
export function withFieldWords(message: string): string {
  const match = LEADING_FIELD.exec(message);
  const field = match?.[1];
  if (!match || !field || !i18next.exists(`error:fields.${field}`)) return message;
  return `${i18next.t(`error:fields.${field}` as 'error:unexpected')}${message.slice(match[0].length)}`;
}
