import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client.ts';
import { earlyListPath, startEarlyListRequest } from './early-request.ts';
import { useSession } from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const rows = (count: number) => new Response(JSON.stringify({ total: count, items: [] }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('earlyListPath', () => {
  it('when the page is a list page, then it names that list; any other page has none', () => {
    expect(earlyListPath('/networks/net-1/nodes')).toBe('console/nodes/net-1');
    expect(earlyListPath('/networks/a%20b/nodes/')).toBe('console/nodes/a%20b');
    expect(earlyListPath('/devices')).toBe('console/hosts');
    expect(earlyListPath('/dashboard')).toBeUndefined();
    expect(earlyListPath('/networks/net-1/dns')).toBeUndefined();
  });
});

describe('startEarlyListRequest', () => {
  it('when a deep link starts the list early, then the API client takes that answer once instead of asking again', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    useSession.setState({ token: 'tok', baseUrl: '/api' });
    const fetchMock = vi.fn(() => Promise.resolve(rows(1)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/devices');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/console/hosts', {
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
    });
    await expect(apiClient.get('console/hosts')).resolves.toEqual({ total: 1, items: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiClient.get('console/hosts');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when a network page is opened, then its node list and the network list start together', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const fetchMock = vi.fn(() => Promise.resolve(rows(0)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/networks/net-1/nodes');
    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      '/api/console/nodes/net-1',
      '/api/networks',
    ]);
  });

  it('when the session token changed since, then the early answer is not used', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old');
    const fetchMock = vi.fn(() => Promise.resolve(rows(2)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/devices');
    // Signed in again as someone else before the page asked for its rows.
    useSession.setState({ token: 'new', baseUrl: '/api' });
    await apiClient.get('console/hosts');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when no token is stored, then nothing is sent', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/devices');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
