import { filtersDiffer, readListingState, writeListingState } from './listingUrlState';

const read = (query: string) => readListingState(new URLSearchParams(query));

describe('the listing state in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(read('')).toEqual({ q: '', sort: 'popular', page: 1, includeTags: [], excludeTags: [], languages: [] });
  });

  it('reads every part, ignoring what is not valid', () => {
    expect(read('q=%40ada&sort=latest&page=3&tags=Fantasy,Romance&exclude=Horror&lang=fr,de')).toEqual({
      q: '@ada',
      sort: 'latest',
      page: 3,
      includeTags: ['Fantasy', 'Romance'],
      excludeTags: ['Horror'],
      languages: ['fr', 'de'],
    });
    expect(read('sort=best&page=-2').sort).toBe('popular');
    expect(read('page=abc').page).toBe(1);
    expect(read('page=1001').page).toBe(1);
    expect(read('tags=,A,,A').includeTags).toEqual(['A']);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeListingState(new URLSearchParams('utm=x&page=4'), {
      q: 'dragon',
      sort: 'popular',
      page: 1,
      includeTags: ['Fantasy'],
      excludeTags: [],
      languages: [],
    });
    expect(written.toString()).toBe('utm=x&q=dragon&tags=Fantasy');
    expect(writeListingState(new URLSearchParams(), { ...read(''), q: '   ', sort: 'name', page: 2 }).toString()).toBe('sort=name&page=2');
  });

  it('round-trips', () => {
    const state = read('q=elf&sort=trending&page=2&tags=A,B&exclude=C&lang=es');
    expect(readListingState(writeListingState(new URLSearchParams(), state))).toEqual(state);
  });

  it('tells filter changes apart from others', () => {
    expect(filtersDiffer(read('tags=A,B'), read('tags=B,A&q=x&sort=name'))).toBe(false);
    expect(filtersDiffer(read('tags=A'), read('tags=A&exclude=B'))).toBe(true);
    expect(filtersDiffer(read(''), read('lang=fr'))).toBe(true);
  });
});
