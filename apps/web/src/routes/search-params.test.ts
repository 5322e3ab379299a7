import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { listSearchSchema, searchEnum, searchFlag } from './search-params.ts';

describe('route search schemas', () => {
  it('when the router has read ?search=5 as a number, then the page gets the text "5"', () => {
    expect(listSearchSchema.parse({ search: 5, sort: '-name' })).toEqual({ search: '5', sort: '-name' });
  });

  it('when a parameter is absent or malformed, then it is dropped instead of failing the route', () => {
    expect(listSearchSchema.parse({})).toEqual({});
    expect(listSearchSchema.parse({ search: { nested: true } })).toEqual({ search: undefined });
  });

  it('when a tab is not one of the page tabs, then the default tab applies (undefined)', () => {
    const schema = z.object({ tab: searchEnum(['overview', 'networks']), edit: searchFlag });
    expect(schema.parse({ tab: 'networks', edit: true })).toEqual({ tab: 'networks', edit: true });
    expect(schema.parse({ tab: 'bogus', edit: 'yes' })).toEqual({ tab: undefined, edit: undefined });
  });
});
