import { describe, expect, it } from 'vitest';
import { patchSearch } from './patch-search.ts';

describe('patchSearch', () => {
  it('when a value changes, then the other parameters are kept', () => {
    expect(patchSearch<{ search?: string; sort?: string }>({ search: 'db' })({ sort: '-name' })).toEqual({
      search: 'db',
      sort: '-name',
    });
  });

  it('when a value is emptied or undefined, then the parameter is dropped from the URL', () => {
    const update = patchSearch<{ search?: string; sort?: string }>({ search: '', sort: undefined });
    expect(update({ search: 'db', sort: 'name' })).toEqual({});
  });
});
