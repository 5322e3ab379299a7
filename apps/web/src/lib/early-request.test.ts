import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client.ts';
import {
  FIRST_ROWS,
  earlyListPath,
  firstRowsQuery,
  readUrlSearch,
  serverFilters,
  startEarlyListRequest,
  takeEarlyBody,
} from './early-request.ts';
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
    const url = `/api/console/hosts?limit=${FIRST_ROWS}`;
    expect(fetchMock.mock.calls).toEqual([
      [url, { headers: { Accept: 'application/json', Authorization: 'Bearer tok' } }],
    ]);
    const query = firstRowsQuery(serverFilters('hosts', {}));
    await expect(apiClient.get('console/hosts', { query })).resolves.toEqual({ total: 1, items: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiClient.get('console/hosts', { query });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when a network page is opened, then its first rows and the network list start together, not the whole list', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const fetchMock = vi.fn(() => Promise.resolve(rows(0)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/networks/net-1/nodes');
    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      `/api/console/nodes/net-1?limit=${FIRST_ROWS}`,
      '/api/networks',
    ]);
  });

  it("when the link carries filters, then the first rows are asked with them, in the URL the page's own request builds", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    useSession.setState({ token: 'tok', baseUrl: '/api' });
    const fetchMock = vi.fn((_url: string) => Promise.resolve(rows(3)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/networks/net-1/nodes', '?status=offline&search=%22123%22&host=h1&sort=-name');
    const url = '/api/console/nodes/net-1?search=123&sort=-name&status=offline&limit=100';
    expect(fetchMock.mock.calls[0]?.[0]).toBe(url);
    const filters = serverFilters('nodes', { search: '123', status: 'offline', sort: '-name', host: 'h1' });
    await apiClient.get('console/nodes/net-1', { query: firstRowsQuery(filters) });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when the session token changed since, then the early answer is not used', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old');
    const fetchMock = vi.fn(() => Promise.resolve(rows(2)));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/devices');
    // Signed in again as someone else before the page asked for its rows.
    useSession.setState({ token: 'new', baseUrl: '/api' });
    await apiClient.get('console/hosts', { query: firstRowsQuery(serverFilters('hosts', {})) });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when the first rows have arrived, then their JSON can be taken once, synchronously; before that, not at all', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    startEarlyListRequest('/devices');
    const url = `/api/console/hosts?limit=${FIRST_ROWS}`;
    expect(takeEarlyBody(url, 'tok')).toBeUndefined();
    answer(rows(4));
    await vi.waitFor(() => expect(takeEarlyBody(url, 'other')).toBeUndefined());
    await vi.waitFor(() => expect(takeEarlyBody(url, 'tok')).toEqual({ total: 4, items: [] }));
    expect(takeEarlyBody(url, 'tok')).toBeUndefined();
  });

  it('when the first rows were refused, then there is no JSON to take and the request reports it', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    useSession.setState({ token: 'tok', baseUrl: '/api' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"Message":"no"}', { status: 403 }))),
    );
    startEarlyListRequest('/devices');
    const url = `/api/console/hosts?limit=${FIRST_ROWS}`;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeEarlyBody(url, 'tok')).toBeUndefined();
    const query = firstRowsQuery(serverFilters('hosts', {}));
    await expect(apiClient.get('console/hosts', { query })).rejects.toMatchObject({
      status: 403,
      message: 'no',
    });
  });

  it('when no token is stored, then nothing is sent', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startEarlyListRequest('/devices');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('first rows', () => {
  it('when the router stored a value as JSON, then it is read back as the text the page reads', () => {
    expect(readUrlSearch('?search=%22123%22&status=healthy&flag=true&n=5')).toEqual({
      search: '123',
      status: 'healthy',
      flag: 'true',
      n: '5',
    });
  });

  it('when the devices page shows its access tab, then only the search filters the rows on the server', () => {
    const search = { tab: 'access', search: 'web', status: 'offline', sort: 'name', host: 'h' };
    expect(serverFilters('hosts', search)).toEqual({ search: 'web' });
    expect(serverFilters('hosts', { ...search, tab: undefined })).toEqual({
      search: 'web',
      status: 'offline',
      sort: 'name',
    });
    expect(firstRowsQuery({ status: undefined, search: '  ', sort: 'name' })).toEqual({
      sort: 'name',
      limit: String(FIRST_ROWS),
    });
  });
});
