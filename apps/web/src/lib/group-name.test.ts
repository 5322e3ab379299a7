import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { groupName } from './group-name.ts';

describe('groupName', () => {
  it('-> shows the default groups in the active language by id, and custom groups as named', async () => {
    const de = i18next.createInstance();
    await de.init({
      lng: 'de',
      ns: ['people'],
      resources: {
        de: {
          people: {
            groups: {
              builtin: {
                allAdmins: 'Admins aller Netzwerke',
                allUsers: 'Nutzer aller Netzwerke',
                networkAdmins: 'Admins von {{network}}',
                networkUsers: 'Nutzer von {{network}}',
              },
            },
          },
        },
      },
    });
    const t = de.getFixedT('de', 'people');
    const group = (id: string, name: string, isDefault = true) => ({ id, name, isDefault });
    expect(groupName(t, group('global-network-admin-grp', 'All Networks Admin Group'))).toBe(
      'Admins aller Netzwerke',
    );
    expect(groupName(t, group('office-mesh-network-user-grp', 'office-mesh User Group'))).toBe(
      'Nutzer von office-mesh',
    );
    expect(groupName(t, group('ops', 'Ops team', false))).toBe('Ops team');
  });
});
