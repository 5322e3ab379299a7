import { describe, expect, it } from 'vitest';
import { filterItems, paletteItems, type PaletteSources } from './palette-items.ts';

const sources = (overrides: Partial<PaletteSources> = {}): PaletteSources => ({
  pageTitle: (page) => `title:${page}`,
  actionLabel: (action) => `do:${action}`,
  isAdmin: true,
  isPro: false,
  networks: [{ netId: 'office', addressRange: '10.1.0.0/24' }],
  hosts: [{ id: 'h1', name: 'laptop-anna', address: '198.51.100.4' }],
  ...overrides,
});

describe('paletteItems', () => {
  it('-> offers the actions, the pages, each network with its sections and each device', () => {
    const items = paletteItems(sources());
    const ids = items.map((item) => item.id);
    expect(ids.slice(0, 3)).toEqual(['action:create-network', 'action:create-key', 'action:add-device']);
    expect(ids).toContain('page:activity');
    expect(ids).toContain('network:office');
    expect(ids).toContain('network:office:dns');
    // Pro sections only on a Pro server.
    expect(ids).not.toContain('network:office:relays');
    expect(items.find((item) => item.id === 'host:h1')?.run).toEqual({ href: '/hosts/h1' });
    expect(items.find((item) => item.id === 'network:office:dns')?.run).toEqual({
      href: '/networks/office/dns',
    });
  });

  it('-> offers no actions and no admin pages to a user who is not a platform admin', () => {
    const ids = paletteItems(sources({ isAdmin: false, hosts: [] })).map((item) => item.id);
    expect(ids.some((id) => id.startsWith('action:'))).toBe(false);
    expect(ids).not.toContain('page:keys');
    expect(ids).toContain('page:devices');
  });
});

describe('filterItems', () => {
  const items = paletteItems(sources({ isPro: true }));
  it('-> matches every word in the label or hint, labels starting with the query first', () => {
    expect(filterItems(items, 'office dns').map((item) => item.id)).toEqual(['network:office:dns']);
    expect(filterItems(items, '198.51')[0]?.id).toBe('host:h1');
    expect(filterItems(items, 'office')[0]?.id).toBe('network:office');
  });

  it('-> with no query shows actions and pages only, and never more than the limit', () => {
    expect(filterItems(items, '').every((item) => item.group === 'actions' || item.group === 'pages')).toBe(
      true,
    );
    expect(filterItems(items, 'office', 3)).toHaveLength(3);
    expect(filterItems(items, 'no such thing')).toEqual([]);
  });
});
