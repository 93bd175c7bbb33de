import { describe, expect, it } from 'vitest';
import { readListingQuery, writeListingQuery, type ListingQuery } from './listing-query.js';

const read = (query: string) => readListingQuery(new URLSearchParams(query));
const defaults: ListingQuery = { sort: '', page: 1, min: '', max: '', subs: undefined };

describe('listing query (issue 10.8)', () => {
  it('reads sort, page, min, max and sub-category slugs', () => {
    expect(read('sort=highToLow&page=2&min=100&max=150.5&sub=kurtas,sarees')).toEqual({
      sort: 'highToLow',
      page: 2,
      min: '100',
      max: '150.5',
      subs: ['kurtas', 'sarees'],
    });
  });

  it('falls back to the defaults for anything malformed', () => {
    expect(read('')).toEqual(defaults);
    expect(read('sort=cheapest&page=0&min=-5&max=ten')).toEqual(defaults);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=-3').page).toBe(1);
  });

  it('tells an empty sub list (everything unchecked) from none in the URL', () => {
    expect(read('sub=').subs).toEqual([]);
    expect(read('').subs).toBeUndefined();
  });

  it('writes only what differs from the defaults, with readable commas', () => {
    expect(writeListingQuery(defaults)).toBe('');
    expect(
      writeListingQuery({ sort: 'lowToHigh', page: 3, min: '10', max: '', subs: ['a', 'b'] }),
    ).toBe('?sort=lowToHigh&page=3&min=10&sub=a,b');
    expect(writeListingQuery({ ...defaults, subs: [] })).toBe('?sub=');
  });

  it('reads back what it writes', () => {
    const query: ListingQuery = { sort: 'highToLow', page: 4, min: '5', max: '9', subs: ['x'] };
    expect(read(writeListingQuery(query).slice(1))).toEqual(query);
  });
});
