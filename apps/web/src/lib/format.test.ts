import dayjs from 'dayjs';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { formatAgo, formatBytes, formatDate, formatUptime, formatVersion } from './format.ts';

describe('format', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('when the console language is German or French, then dates use its month names and ordinals', async () => {
    await i18next.changeLanguage('de');
    expect(formatDate('2026-03-01T14:05:00', 'long')).toBe('1. März 2026 @ 14:05');
    await i18next.changeLanguage('fr');
    expect(formatDate('2026-03-01T14:05:00', 'long')).toBe('1er mars 2026 @ 14:05');
    await i18next.changeLanguage('en');
    expect(formatDate('2026-03-01T14:05:00', 'long')).toBe('1st March 2026 @ 14:05');
  });

  it('when the language changes, then short dates keep the spec format and relative times follow the language', async () => {
    const threeMinutesAgo = Date.now() - 3 * 60_000;
    await i18next.changeLanguage('de');
    expect(formatDate('2026-11-26T11:11:00', 'short')).toBe('2026-11-26 11:11');
    expect(formatAgo(threeMinutesAgo)).toBe('vor 3 Minuten');
    await i18next.changeLanguage('fr');
    expect(formatAgo(threeMinutesAgo)).toBe('il y a 3 minutes');
    await i18next.changeLanguage('en');
    expect(formatAgo(threeMinutesAgo)).toBe('3 minutes ago');
  });

  it('when dayjs was left in another locale globally, then dates still come in the console language', async () => {
    await i18next.changeLanguage('de');
    dayjs.locale('en');
    expect(formatDate('2026-11-26T11:11:00', 'long')).toBe('26. November 2026 @ 11:11');
    expect(formatDate('2026-07-04T08:00:00', 'long')).toBe('4. Juli 2026 @ 08:00');
    await i18next.changeLanguage('en');
    dayjs.locale('de');
    expect(formatDate('2026-11-26T11:11:00', 'long')).toBe('26th November 2026 @ 11:11');
    dayjs.locale('en');
  });

  it('when formatting bytes, then steps are 1000 with the spec labels', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.50 KiB');
    expect(formatBytes(2_000_000_000)).toBe('2.00 GiB');
    expect(formatBytes(1000)).toBe('1.00 KiB');
    expect(formatBytes(3_500_000_000_000)).toBe('3.50 TiB');
    expect(formatBytes(5e15)).toBe('5000.00 TiB');
  });

  it('when a value rounds to 1000 of a unit, then it is shown in the next unit', () => {
    expect(formatBytes(999_999)).toBe('1.00 MiB');
    expect(formatBytes(999_994)).toBe('999.99 KiB');
  });

  it('when formatting dates, then the spec formats apply and the zero time is empty', () => {
    expect(formatDate('2026-03-01T14:05:00', 'long')).toBe('1st March 2026 @ 14:05');
    expect(formatDate('2026-03-01T14:05:00', 'short')).toBe('2026-03-01 14:05');
    expect(formatDate('0001-01-01T00:00:00Z')).toBe('');
  });

  it('when the language is German, then uptime reads in German hours and minutes', async () => {
    await i18next.changeLanguage('de');
    expect(formatUptime(205)).toBe('3 Std. 25 Min.');
    await i18next.changeLanguage('en');
  });

  it('when formatting uptime and versions, then hrs/mins and a single v prefix are used', () => {
    expect(formatUptime(205)).toBe('3 hrs 25 mins');
    expect(formatUptime(59.9)).toBe('0 hrs 59 mins');
    expect(formatVersion('0.30.0')).toBe('v0.30.0');
    expect(formatVersion('v0.30.0')).toBe('v0.30.0');
  });
});
