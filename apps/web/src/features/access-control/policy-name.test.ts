import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { policyName } from './policy-name.ts';

describe('policyName', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("when a default policy is shown in German, then its name is German; a policy of the admin's keeps its name", async () => {
    await i18next.changeLanguage('de');
    const t = i18next.getFixedT('de', 'access');
    expect(policyName(t, { id: 'office.all-nodes', name: 'All Nodes', default: true })).toBe('Alle Knoten');
    expect(policyName(t, { id: 'office.all-users', name: 'All Users', default: true })).toBe('Alle Benutzer');
    expect(policyName(t, { id: 'office.network-admin-grp', name: 'Network Admin', default: true })).toBe(
      'Netzwerk-Admins',
    );
    expect(policyName(t, { id: 'office.all-nodes', name: 'All Nodes', default: false })).toBe('All Nodes');
    expect(policyName(t, { id: 'a1b2', name: 'web to db', default: false })).toBe('web to db');
    expect(policyName(t, { id: 'office.custom', name: 'Mine', default: true })).toBe('Mine');
  });
});
