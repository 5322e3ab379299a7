import { describe, expect, it } from 'vitest';
import accessDe from './access/de.json';
import accessEn from './access/en.json';
import accessFr from './access/fr.json';
import activityDe from './activity/de.json';
import activityEn from './activity/en.json';
import activityFr from './activity/fr.json';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import paletteDe from './palette/de.json';
import paletteEn from './palette/en.json';
import paletteFr from './palette/fr.json';
import transferDe from './transfer/de.json';
import transferEn from './transfer/en.json';
import transferFr from './transfer/fr.json';

/** Every key path of a translation file, e.g. `signin.title`. */
const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('translation files', () => {
  it.each([
    ['fr', fr],
    ['de', de],
  ])(
    'when %s is compared with English, then it has exactly the same keys (only the active language loads, with no fallback)',
    (_, language) => {
      expect(keysOf(language).sort()).toEqual(keysOf(en).sort());
    },
  );
  it.each([
    ['fr', accessFr],
    ['de', accessDe],
  ])(
    'when the lazy access namespace in %s is compared with English, then it has exactly the same keys',
    (_, language) => {
      expect(keysOf(language).sort()).toEqual(keysOf(accessEn).sort());
    },
  );
  it.each([
    ['activity', 'fr', activityFr, activityEn],
    ['activity', 'de', activityDe, activityEn],
    ['palette', 'fr', paletteFr, paletteEn],
    ['palette', 'de', paletteDe, paletteEn],
    ['transfer', 'fr', transferFr, transferEn],
    ['transfer', 'de', transferDe, transferEn],
  ])(
    'when the lazy %s namespace in %s is compared with English, then it has exactly the same keys',
    (_, __, language, english) => {
      expect(keysOf(language).sort()).toEqual(keysOf(english).sort());
    },
  );
});
