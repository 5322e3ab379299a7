import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRole, makeUserWithRole } from '@/test/fixtures.ts';
import { branding, resetBrandingForTests } from './branding.ts';
import { useSession } from './session.ts';
import { useLiveUpdates } from './use-live-updates.ts';

const auditor = makeRole({ id: 'auditor', name: 'Auditor', full_access: false });

/** A stream that sends `frames` and then stays open, as the server's does between changes. */
const openStream = (frames: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`: connected\n\n${frames}`));
    },
  });
const changeFrame = (change: object) => `event: change\ndata: ${JSON.stringify(change)}\n\n`;

/** fetch as the server answers it: the event stream once with `frames`, and the user's own record. */
function stubServer(frames: string) {
  const fetchMock = vi.fn((input: string | URL) => {
    const url = String(input);
    if (url.includes('v1/events')) return Promise.resolve(new Response(openStream(frames), { status: 200 }));
    if (url.includes('v1/branding'))
      return Promise.resolve(
        Response.json({
          product_name: 'Acme Mesh',
          primary_color_light: '#0a7f3b',
          primary_color_dark: '#7fe0a6',
          logo_light: null,
          logo_dark: null,
          favicon: null,
          is_custom: true,
        }),
      );
    if (url.includes('v1/users'))
      return Promise.resolve(
        Response.json({ Code: 200, Message: '', Response: makeUserWithRole('patty', auditor) }),
      );
    return Promise.resolve(new Response('', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLiveUpdates() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLiveUpdates(), { wrapper });
}

describe('useLiveUpdates -> a change of the signed-in user', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('-> when the server announces a change of the signed-in user, re-reads the user and stores its new role', async () => {
    const start = makeUserWithRole('patty', makeRole({ id: 'platform-user', full_access: false }));
    useSession.setState({
      token: 'tok',
      username: 'patty',
      baseUrl: '/api',
      platformRole: start.platform_role,
    });
    const fetchMock = stubServer(changeFrame({ resource: 'users', action: 'updated', id: 'patty' }));
    const view = renderLiveUpdates();
    await waitFor(() => expect(useSession.getState().platformRole?.id).toBe('auditor'));
    const userCall = fetchMock.mock.calls.find(([url]) => String(url).includes('v1/users'));
    expect(String(userCall?.[0])).toContain('username=patty');
    expect(useSession.getState().user).toMatchObject({ username: 'patty' });
    view.unmount();
  });

  it('-> when another user or another resource with the same id changes, does not re-read the user', async () => {
    useSession.setState({ token: 'tok', username: 'patty', baseUrl: '/api', platformRole: makeRole() });
    // The change of the user itself comes last: once it has been read, the two before it were handled too.
    const fetchMock = stubServer(
      changeFrame({ resource: 'users', action: 'updated', id: 'quinnie' }) +
        changeFrame({ resource: 'hosts', action: 'updated', id: 'patty' }) +
        changeFrame({ resource: 'users', action: 'updated', id: 'patty' }),
    );
    const view = renderLiveUpdates();
    await waitFor(() => expect(useSession.getState().platformRole?.id).toBe('auditor'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('v1/users'))).toHaveLength(1);
    view.unmount();
  });

  it('-> when the new role may not use the console, ends the session', async () => {
    useSession.setState({ token: 'tok', username: 'patty', baseUrl: '/api', platformRole: makeRole() });
    const denied = makeRole({ id: 'service-user', deny_dashboard_access: true, full_access: false });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL) =>
        Promise.resolve(
          String(input).includes('v1/events')
            ? new Response(openStream(changeFrame({ resource: 'users', action: 'updated', id: 'patty' })))
            : Response.json({ Code: 200, Message: '', Response: makeUserWithRole('patty', denied) }),
        ),
      ),
    );
    const view = renderLiveUpdates();
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    view.unmount();
  });
});

describe('useLiveUpdates -> branding saved in another console', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
    resetBrandingForTests();
  });

  it('-> when the server announces a branding change, reads it and applies it without a reload', async () => {
    useSession.setState({ token: 'tok', username: 'patty', baseUrl: '/api', platformRole: makeRole() });
    expect(branding().productName).toBe('Meshdeck');
    stubServer(changeFrame({ resource: 'branding', action: 'updated' }));
    const view = renderLiveUpdates();
    await waitFor(() => expect(branding().productName).toBe('Acme Mesh'));
    expect(branding().colors).toEqual({ light: '#0a7f3b', dark: '#7fe0a6' });
    view.unmount();
  });
});
