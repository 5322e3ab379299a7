import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { DEFAULT_RUNTIME_SETTINGS, type RuntimeSettings } from '@/lib/runtime-settings.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { WIDGET_SCRIPT_ATTRIBUTE } from '@/lib/third-party-widgets.ts';
import { SupportWidgets } from './support-widgets.tsx';

const CONFIGURED: RuntimeSettings = {
  ...DEFAULT_RUNTIME_SETTINGS,
  supportChat: { scriptUrl: 'https://chat.example.test/widget/a1', appId: 'a1', hostedHost: 'localhost' },
  analytics: { scriptUrl: 'https://cdn.example.test/array.js', key: 'k1', apiUrl: 'https://eu.example.test' },
};

type WidgetGlobals = { Intercom?: unknown; posthog?: unknown; intercomSettings?: unknown };
const globals = () => window as unknown as WidgetGlobals;
const scripts = () =>
  [...document.head.querySelectorAll(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`)].map((s) => s.getAttribute('src'));
/** jsdom never fetches the scripts: the test plays the browser finishing them. */
const finishLoading = () =>
  act(() => {
    for (const script of document.head.querySelectorAll(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`))
      script.dispatchEvent(new Event('load'));
    return Promise.resolve();
  });

let intercom: ReturnType<typeof vi.fn>;
let posthog: {
  init: ReturnType<typeof vi.fn>;
  identify: ReturnType<typeof vi.fn>;
  reset: ReturnType<typeof vi.fn>;
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useSession.setState({ username: 'ada' });
  intercom = vi.fn();
  posthog = { init: vi.fn(), identify: vi.fn(), reset: vi.fn() };
  globals().Intercom = intercom;
  globals().posthog = posthog;
});
afterEach(() => {
  vi.useRealTimers();
  for (const script of document.head.querySelectorAll(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`)) script.remove();
  delete globals().Intercom;
  delete globals().posthog;
  useSession.setState({ username: null });
});

describe('SupportWidgets (spec §4 support chat, analytics)', () => {
  it('when both are configured on a community server, then nothing loads before 2000 ms, both load at 2000 ms, and leaving shuts them down', async () => {
    const view = render(<SupportWidgets isPro={false} isLoaded settings={CONFIGURED} isHosted={false} />);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(scripts()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scripts()).toEqual(['https://chat.example.test/widget/a1', 'https://cdn.example.test/array.js']);
    await finishLoading();
    expect(intercom).toHaveBeenCalledWith('boot', { app_id: 'a1', name: 'ada' });
    expect(posthog.init).toHaveBeenCalledWith('k1', { api_host: 'https://eu.example.test' });
    // Self-hosted: no user is identified to analytics.
    expect(posthog.identify).not.toHaveBeenCalled();
    view.unmount();
    expect(intercom).toHaveBeenLastCalledWith('shutdown');
    expect(posthog.reset).toHaveBeenCalled();
    await act(() => Promise.resolve());
    expect(scripts()).toEqual([]);
  });

  it('when the server is Pro and self-hosted, then the chat stays off and analytics still loads', () => {
    render(<SupportWidgets isPro isLoaded settings={CONFIGURED} isHosted={false} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(scripts()).toEqual(['https://cdn.example.test/array.js']);
  });

  it('when hosted, then the chat loads only on its hosted host, and analytics identifies the user by id with the username as email', async () => {
    localStorage.setItem(STORAGE_KEYS.amuiUserId, 'u-9');
    const elsewhere = {
      ...CONFIGURED,
      supportChat: { ...CONFIGURED.supportChat!, hostedHost: 'app.example.test' },
    };
    const first = render(<SupportWidgets isPro isLoaded settings={elsewhere} isHosted />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(scripts()).toEqual(['https://cdn.example.test/array.js']);
    first.unmount();
    await act(() => Promise.resolve());

    // jsdom's page is on localhost (any port): the configured hosted host.
    render(<SupportWidgets isPro isLoaded settings={CONFIGURED} isHosted />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(scripts()).toContain('https://chat.example.test/widget/a1');
    await finishLoading();
    expect(intercom).toHaveBeenCalledWith('boot', { app_id: 'a1', name: 'ada', user_id: 'u-9' });
    expect(posthog.identify).toHaveBeenCalledWith('u-9', { email: 'ada' });
  });

  it('when nothing is configured, or the edition is not known yet, then no script is ever added', () => {
    render(<SupportWidgets isPro={false} isLoaded settings={DEFAULT_RUNTIME_SETTINGS} isHosted={false} />);
    render(<SupportWidgets isPro={false} isLoaded={false} settings={CONFIGURED} isHosted={false} />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(scripts()).toEqual([]);
  });
});
