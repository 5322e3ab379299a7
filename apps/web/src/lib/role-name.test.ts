import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import dePeople from '@/i18n/people/de.json';
import { roleName } from './role-name.ts';

describe('roleName', () => {
  it('-> shows the built-in network roles in the active language by id, and created roles as named', async () => {
    const de = i18next.createInstance();
    await de.init({ lng: 'de', ns: ['people'], resources: { de: { people: dePeople } } });
    const t = de.getFixedT('de', 'people');
    const role = (id: string, name: string, isDefault = true) => ({ id, name, isDefault });
    expect(roleName(t, role('global-network-admin', 'Network Admins'))).toBe('Netzwerk-Administratoren');
    expect(roleName(t, role('global-network-user', 'Network Users'))).toBe('Netzwerk-Benutzer');
    expect(roleName(t, role('office-mesh-network-admin', 'office-mesh Admin'))).toBe(
      'office-mesh: Administrator',
    );
    expect(roleName(t, role('office-mesh-network-user', 'office-mesh User'))).toBe('office-mesh: Benutzer');
    expect(roleName(t, role('ops-network-admin', 'Ops on-call', false))).toBe('Ops on-call');
  });
});
