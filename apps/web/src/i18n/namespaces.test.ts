import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, NAMESPACES, loadTranslations, mergeKeys } from './index.ts';

describe('translation namespaces (decision 044)', () => {
  it('when the feature folders are listed, then each is a namespace of its own and none is loaded at start', () => {
    expect(FEATURE_NAMESPACES).toEqual(
      expect.arrayContaining(['access', 'devices', 'keys', 'networks', 'nodes', 'people', 'remoteAccess']),
    );
    expect(FEATURE_NAMESPACES.filter((name) => (NAMESPACES as readonly string[]).includes(name))).toEqual([]);
  });

  it('when a key is still in the old per-language file under a moved namespace, then it is laid under the folder', () => {
    const old = { dialog: { title: 'Old title', hint: 'Added in the old place' }, legacyOnly: 'still here' };
    const folder = { dialog: { title: 'Folder title' }, list: 'Folder list' };
    expect(mergeKeys(old, folder)).toEqual({
      dialog: { title: 'Folder title', hint: 'Added in the old place' },
      legacyOnly: 'still here',
      list: 'Folder list',
    });
    expect(mergeKeys(undefined, folder)).toEqual(folder);
  });

  it('when a page asks for a namespace, then its texts are there in the active language', async () => {
    await loadTranslations(['keys', 'devices']);
    expect(i18next.hasLoadedNamespace('keys')).toBe(true);
    expect(i18next.t('devices:title')).not.toBe('title');
    expect(i18next.exists('devices:title')).toBe(true);
  });
});
