import { describe, expect, it } from 'vitest';
import { hostsSearchSchema } from './hosts-search.ts';

describe('hostsSearchSchema (the /devices route search)', () => {
  it('when the URL holds known values, then the page gets them typed as they are', () => {
    expect(
      hostsSearchSchema({ tab: 'access', search: 'web', status: 'offline', sort: '-port', host: 'h1' }),
    ).toEqual({ tab: 'access', search: 'web', status: 'offline', sort: '-port', host: 'h1' });
  });

  it('when a filter, sort column or tab is unknown, then it is dropped and the page shows its default', () => {
    expect(
      hostsSearchSchema({ tab: 'bogus', status: 'online', sort: 'address', host: 'x'.repeat(65) }),
    ).toEqual({});
  });
});
