import dayjs, { type ConfigType } from 'dayjs';
import de from 'dayjs/locale/de';
import en from 'dayjs/locale/en';
import fr from 'dayjs/locale/fr';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18next from 'i18next';
import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT } from './constants.ts';

// `Do` (ordinal day) in the spec's long format needs advancedFormat; "3 minutes ago" needs relativeTime.
dayjs.extend(advancedFormat);
dayjs.extend(relativeTime);

/**
 * The console's languages as dayjs locales: month names, ordinals ("26.", "1er") and relative times ("vor 3
 * Minuten"). Passed with each call rather than set once globally, so a date can never be formatted in a language
 * other than the one i18next renders the page in (whatever loaded first).
 */
const LOCALES: Record<string, typeof en> = { en, fr, de };
const activeLocale = (): typeof en => LOCALES[i18next.resolvedLanguage ?? i18next.language] ?? en;

const ZERO_TIME_PREFIX = '0001-01-01';

/**
 * Formats a wire timestamp in the spec's formats (long 'Do MMMM YYYY @ HH:mm', short 'YYYY-MM-DD HH:mm') with
 * the active language's month names and ordinals; the contract's zero time means "never" and yields ''.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  variant: 'long' | 'short' = 'long',
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && value.startsWith(ZERO_TIME_PREFIX)) return '';
  const date = dayjs(value).locale(activeLocale());
  return date.isValid() ? date.format(variant === 'long' ? DATE_FORMAT_LONG : DATE_FORMAT_SHORT) : '';
}

/** How long ago `value` was, in the active language ("3 minutes ago", "vor 3 Minuten", "il y a 3 minutes"). */
export function formatAgo(value: ConfigType): string {
  const date = dayjs(value).locale(activeLocale());
  return date.isValid() ? date.fromNow() : '';
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Byte counts in decimal steps of 1000 with the spec's labels (spec §9 keeps these labels deliberately). */
export function formatBytes(bytes: number, fractionDigits = 2): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  // A value that rounds to 1000 of a unit is shown in the next one ("1.00 MiB", never "1000.00 KiB").
  const shown = () => (unit === 0 ? value : Number(value.toFixed(fractionDigits)));
  while (shown() >= 1e3 && unit < BYTE_UNITS.length - 1) {
    value /= 1e3;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(fractionDigits)} ${BYTE_UNITS[unit]}`;
}

/** Uptime in hours and minutes (spec §9), in the active language: "3 hrs 25 mins", "3 Std. 25 Min.". */
export function formatUptime(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  return i18next.t('common:uptime', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** Versions are shown with a single leading v whether or not the server already sent one. */
export function formatVersion(version: string | null | undefined): string {
  if (!version) return '';
  return version.startsWith('v') ? version : `v${version}`;
}
