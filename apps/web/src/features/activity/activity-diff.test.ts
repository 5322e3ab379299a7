import { describe, expect, it } from 'vitest';
import { diffFields } from './activity-diff.ts';

describe('diffFields', () => {
  it('-> lists changed, added and removed fields first, nested ones by dotted path, then the unchanged', () => {
    const fields = diffFields(
      { netid: 'office', default_mtu: 1280, pro_settings: { a: 1 }, gone: 'x' },
      { netid: 'office', default_mtu: 1420, pro_settings: { a: 2 }, fresh: ['x'] },
    );
    expect(fields).toEqual([
      { path: 'default_mtu', before: '1280', after: '1420', kind: 'changed' },
      { path: 'fresh', before: undefined, after: '["x"]', kind: 'added' },
      { path: 'gone', before: 'x', after: undefined, kind: 'removed' },
      { path: 'pro_settings.a', before: '1', after: '2', kind: 'changed' },
      { path: 'netid', before: 'office', after: 'office', kind: 'same' },
    ]);
  });

  it('-> a created object has only added fields and a deleted one only removed fields', () => {
    expect(diffFields(null, { name: 'nas' }).map((f) => f.kind)).toEqual(['added']);
    expect(diffFields({ name: 'nas', address: '10.0.0.7' }, null).map((f) => f.kind)).toEqual([
      'removed',
      'removed',
    ]);
  });

  it('-> a changed list of names carries the items it gained and lost', () => {
    const [members, relay] = diffFields(
      { members: ['db-1', 'mesh'], relay: [{ a: 1 }] },
      { members: ['gateway', 'mesh'], relay: [{ a: 2 }] },
    );
    expect(members).toMatchObject({ path: 'members', items: { added: ['gateway'], removed: ['db-1'] } });
    // Lists of objects stay whole values.
    expect(relay).toMatchObject({ path: 'relay', kind: 'changed' });
    expect(relay?.items).toBeUndefined();
  });
});
