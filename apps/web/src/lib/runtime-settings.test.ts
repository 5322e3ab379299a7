import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_SETTINGS, parseRuntimeSettings } from './runtime-settings.ts';

describe('runtime settings from index.html', () => {
  it('when the server wrote hosted mode and both widgets, then the console reads them', () => {
    const content = JSON.stringify({
      hosted: true,
      account_site_url: 'https://account.example.test/',
      support_chat: {
        script_url: 'https://chat.example.test/w.js',
        app_id: 'a1',
        hosted_host: 'App.Example.Test',
      },
      analytics: {
        script_url: 'https://cdn.example.test/a.js',
        key: 'k1',
        api_url: 'https://eu.example.test',
      },
      bug_tracker_url: 'https://git.example.test/ops/issues/',
    });
    expect(parseRuntimeSettings(content)).toEqual({
      isHosted: true,
      accountSiteUrl: 'https://account.example.test',
      supportChat: {
        scriptUrl: 'https://chat.example.test/w.js',
        appId: 'a1',
        hostedHost: 'app.example.test',
      },
      analytics: { scriptUrl: 'https://cdn.example.test/a.js', key: 'k1', apiUrl: 'https://eu.example.test' },
      bugTrackerUrl: 'https://git.example.test/ops/issues',
    });
  });

  it('when there is no meta element, malformed JSON, or a script URL that is not http(s), then that part is off', () => {
    expect(parseRuntimeSettings(null)).toEqual(DEFAULT_RUNTIME_SETTINGS);
    expect(parseRuntimeSettings('{not json')).toEqual(DEFAULT_RUNTIME_SETTINGS);
    expect(parseRuntimeSettings('[]')).toEqual(DEFAULT_RUNTIME_SETTINGS);
    const risky = parseRuntimeSettings(
      JSON.stringify({
        hosted: 'yes',
        support_chat: { script_url: 'javascript:alert(1)', app_id: 'a1' },
        analytics: { script_url: 'https://cdn.example.test/a.js', key: '' },
        bug_tracker_url: 'javascript:alert(1)',
      }),
    );
    expect(risky).toEqual(DEFAULT_RUNTIME_SETTINGS);
  });
});
