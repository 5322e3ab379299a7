import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HostedModule from './hosted.ts';

const hosted = vi.hoisted(() => ({ isHosted: true }));
vi.mock('./hosted.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof HostedModule>();
  return {
    ...actual,
    get IS_HOSTED() {
      return hosted.isHosted;
    },
  };
});

const replace = vi.fn();
beforeEach(() => {
  vi.resetModules();
  replace.mockReset();
  hosted.isHosted = true;
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    pathname: '/v0.30.0/networks/lab/nodes',
    search: '',
    hash: '',
    replace,
  });
});
afterEach(() => vi.restoreAllMocks());

/** A fresh module per test: the sync is pending once per page load. */
const load = async () => (await import('./version-sync.ts')).useHostedVersionSync;

describe('hosted version sync (spec §4)', () => {
  it('when the first status names another server version, then the page reloads once under that version', async () => {
    const useHostedVersionSync = await load();
    const { rerender } = renderHook(({ version }) => useHostedVersionSync(version), {
      initialProps: { version: '' },
    });
    expect(replace).not.toHaveBeenCalled();
    rerender({ version: 'v0.31.0' });
    expect(replace).toHaveBeenCalledExactlyOnceWith('/v0.31.0/networks/lab/nodes');
    rerender({ version: 'v0.32.0' });
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('when the versions match, then nothing reloads, and a later different version does not either', async () => {
    const useHostedVersionSync = await load();
    const { rerender } = renderHook(({ version }) => useHostedVersionSync(version), {
      initialProps: { version: 'v0.30.0' },
    });
    rerender({ version: 'v0.31.0' });
    expect(replace).not.toHaveBeenCalled();
  });

  it('when the console is self-hosted, then it never reloads', async () => {
    hosted.isHosted = false;
    const useHostedVersionSync = await load();
    renderHook(() => useHostedVersionSync('v0.31.0'));
    expect(replace).not.toHaveBeenCalled();
  });
});
