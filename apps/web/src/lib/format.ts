import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import i18next from 'i18next';
import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT } from './constants.ts';

// `Do` (ordinal day) in the spec's long format needs this plugin.
dayjs.extend(advancedFormat);

/** Dates follow the console's language: month names, ordinals and relative times ("vor 3 Minuten"). */
function followLanguage(language: string | undefined): void {
  dayjs.locale(language === 'de' || language === 'fr' ? language : 'en');
}
followLanguage(i18next.language);
i18next.on('languageChanged', followLanguage);

const ZERO_TIME_PREFIX = '0001-01-01';

/** Formats a wire timestamp; the contract's zero time means "never" and yields an empty string. */
export function formatDate(
  value: string | number | Date | null | undefined,
  variant: 'long' | 'short' = 'long',
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && value.startsWith(ZERO_TIME_PREFIX)) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(variant === 'long' ? DATE_FORMAT_LONG : DATE_FORMAT_SHORT) : '';
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Byte counts in decimal steps of 1000 with the spec's labels (spec §9 keeps these labels deliberately). */
export function formatBytes(bytes: number, fractionDigits = 2): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1e3 && unit < BYTE_UNITS.length - 1) {
    value /= 1e3;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(fractionDigits)} ${BYTE_UNITS[unit]}`;
}

/** Uptime in hours and minutes, e.g. "3 hrs 25 mins". */
export function formatUptime(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  return `${Math.floor(minutes / 60)} hrs ${minutes % 60} mins`;
}

/** Versions are shown with a single leading v whether or not the server already sent one. */
export function formatVersion(version: string | null | undefined): string {
  if (!version) return '';
  return version.startsWith('v') ? version : `v${version}`;
}
