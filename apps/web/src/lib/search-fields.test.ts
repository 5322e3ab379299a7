import { describe, expect, it } from 'vitest';
import { listSearchSchema, searchEnum, searchFlag, searchObject, searchSort } from './search-fields.ts';

describe('route search validators', () => {
  it('when the router has read ?search=5 as a number, then the page gets the text "5"', () => {
    expect(listSearchSchema({ search: 5, sort: '-name' })).toEqual({ search: '5', sort: '-name' });
  });

  it('when a parameter is absent or malformed, then it is dropped instead of failing the route', () => {
    expect(listSearchSchema({})).toEqual({});
    expect(listSearchSchema({ search: { nested: true } })).toEqual({});
  });

  it('when a tab is not one of the page tabs, then the default tab applies (undefined)', () => {
    const validate = searchObject({ tab: searchEnum(['overview', 'networks']), edit: searchFlag });
    expect(validate({ tab: 'networks', edit: true })).toEqual({ tab: 'networks', edit: true });
    expect(validate({ tab: 'bogus', edit: 'yes' })).toEqual({});
  });

  it('when the URL has parameters no route knows, then they are left out', () => {
    expect(listSearchSchema({ search: 'a', other: 'x' })).toEqual({ search: 'a' });
  });

  it('when ?sort= names a known column, ascending or descending, then it is kept; any other column is dropped', () => {
    const sort = searchSort(['name', 'port']);
    expect(sort('port')).toBe('port');
    expect(sort('-name')).toBe('-name');
    expect(sort('--name')).toBeUndefined();
    expect(sort('address')).toBeUndefined();
    expect(sort(5)).toBeUndefined();
  });
});
