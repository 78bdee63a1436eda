import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import {
  EMPTY_FILTERS,
  type LibraryFilters,
  activeFilterChips,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilter,
  listQueryString,
  normalizeFilters,
  selectOptions,
  tagFilterOptions,
  withSearchSort,
  withTagToggled,
  withoutFilter,
} from './filters';

const ALL: LibraryFilters = {
  q: 'email',
  category: 'Writing',
  model: 'GPT-4',
  tags: ['email', 'work'],
  sort: 'likes_desc',
  likedOnly: true,
};

describe('filters in the URL', () => {
  it('writes every active filter under its documented name', () => {
    expect(filtersToSearchParams(ALL).toString()).toBe('q=email&category=Writing&model=GPT-4&tags=email%2Cwork&sort=likes_desc&liked=true');
  });

  it('writes nothing for the unfiltered library, so it stays plain /', () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    expect(filtersFromSearchParams(filtersToSearchParams(ALL))).toEqual(ALL);
    const ascending: LibraryFilters = { ...EMPTY_FILTERS, sort: 'likes_asc' };
    expect(filtersFromSearchParams(filtersToSearchParams(ascending))).toEqual(ascending);
  });

  it('encodes and decodes values with spaces, ampersands and non-ASCII letters', () => {
    const odd: LibraryFilters = { ...EMPTY_FILTERS, q: 'a&b = c', category: 'Café & Co' };
    const query = filtersToSearchParams(odd).toString();
    expect(query).not.toContain('&b');
    expect(filtersFromSearchParams(new URLSearchParams(query))).toEqual(odd);
  });

  it('trims the search text and leaves out a blank one', () => {
    expect(filtersToSearchParams({ ...EMPTY_FILTERS, q: '  email  ' }).get('q')).toBe('email');
    expect(filtersToSearchParams({ ...EMPTY_FILTERS, q: '   ' }).has('q')).toBe(false);
  });

  it('ignores unknown sorts and any liked value but true', () => {
    const read = filtersFromSearchParams(new URLSearchParams('sort=newest&liked=yes&page=3'));
    expect(read).toEqual(EMPTY_FILTERS);
    expect(filtersFromSearchParams(new URLSearchParams('sort=likes_asc&liked=true'))).toMatchObject({
      sort: 'likes_asc',
      likedOnly: true,
    });
  });
});

describe('active filters', () => {
  it('knows when any filter is active', () => {
    expect(hasActiveFilter(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilter({ ...EMPTY_FILTERS, q: '  ' })).toBe(false);
    for (const key of ['q', 'category', 'model'] as const) {
      expect(hasActiveFilter({ ...EMPTY_FILTERS, [key]: 'x' })).toBe(true);
    }
    expect(hasActiveFilter({ ...EMPTY_FILTERS, sort: 'likes_asc' })).toBe(true);
    expect(hasActiveFilter({ ...EMPTY_FILTERS, likedOnly: true })).toBe(true);
  });

  it('makes one chip per active filter, labelled with the option texts of the spec', () => {
    expect(activeFilterChips(ALL)).toEqual([
      { key: 'q', label: 'Search: email' },
      { key: 'category', label: 'Category: Writing' },
      { key: 'model', label: 'Model: GPT-4' },
      { key: 'tags', tag: 'email', label: 'Tag: email' },
      { key: 'tags', tag: 'work', label: 'Tag: work' },
      { key: 'sort', label: 'Most Popular' },
      { key: 'likedOnly', label: 'Liked by Me' },
    ]);
    expect(activeFilterChips({ ...EMPTY_FILTERS, sort: 'likes_asc' })).toEqual([{ key: 'sort', label: 'Least Popular' }]);
    expect(activeFilterChips(EMPTY_FILTERS)).toEqual([]);
  });

  it('removing a chip resets only its own filter', () => {
    expect(withoutFilter(ALL, 'category')).toEqual({ ...ALL, category: '' });
    expect(withoutFilter(ALL, 'likedOnly')).toEqual({ ...ALL, likedOnly: false });
    expect(withoutFilter(ALL, 'sort')).toEqual({ ...ALL, sort: '' });
    expect(withoutFilter(ALL, 'tags', 'email')).toEqual({ ...ALL, tags: ['work'] });
  });

  it('normalises the search text so equivalent lists share a cache entry', () => {
    expect(normalizeFilters({ ...ALL, q: ' email ' })).toEqual(ALL);
  });
});

describe('the tag filter', () => {
  it('reads a pasted tags parameter by the API rule: normalised, merged, invalid ones dropped, five at most', () => {
    expect(filtersFromSearchParams(new URLSearchParams('tags=Email,Cover%20Letter,email')).tags).toEqual(['email', 'cover-letter']);
    expect(filtersFromSearchParams(new URLSearchParams('tags=<b>,ok,x')).tags).toEqual(['ok']);
    expect(filtersFromSearchParams(new URLSearchParams('tags=aa,bb,cc,dd,ee,ff')).tags).toEqual(['aa', 'bb', 'cc', 'dd', 'ee']);
    expect(hasActiveFilter({ ...EMPTY_FILTERS, tags: ['ok'] })).toBe(true);
  });

  it('toggles a tag in and out, keeping the others', () => {
    expect(withTagToggled(ALL, 'travel').tags).toEqual(['email', 'work', 'travel']);
    expect(withTagToggled(ALL, 'email').tags).toEqual(['work']);
  });

  it('reads back the link of a tag on a card: the library filtered by that tag alone', () => {
    const link = new URL(paths.tagged('über-café'), 'http://x.invalid');
    expect(link.pathname).toBe(paths.library);
    expect(filtersFromSearchParams(link.searchParams)).toEqual({ ...EMPTY_FILTERS, tags: ['über-café'] });
  });

  it('offers the most used tags, plus chosen ones beyond them', () => {
    const facets = [
      { name: 'email', count: 9 },
      { name: 'work', count: 3 },
    ];
    expect(tagFilterOptions(facets, [])).toEqual(['email', 'work']);
    expect(tagFilterOptions(facets, ['work', 'rare'])).toEqual(['email', 'work', 'rare']);
  });
});

describe('the list request', () => {
  it('asks for one page with the filters and the cursor', () => {
    expect(listQueryString(ALL, 48, undefined)).toBe(
      'q=email&category=Writing&model=GPT-4&tags=email%2Cwork&sort=likes_desc&liked=true&limit=48',
    );
    expect(listQueryString(EMPTY_FILTERS, 48, 'abc+/=')).toBe('limit=48&cursor=abc%2B%2F%3D');
  });
});

describe('select options', () => {
  it('sorts the values alphabetically', () => {
    expect(selectOptions(['Writing', 'Coding', 'marketing'], '')).toEqual(['Coding', 'marketing', 'Writing']);
  });

  it('keeps a chosen value that the library no longer holds, once', () => {
    expect(selectOptions(['Coding'], 'Gone')).toEqual(['Coding', 'Gone']);
    expect(selectOptions(['Coding'], 'Coding')).toEqual(['Coding']);
  });
});

describe('Best match follows the search text', () => {
  const base = { ...EMPTY_FILTERS, sort: 'likes_asc' as const };

  it('is picked when a search starts and the visitor did not change the sort with it', () => {
    expect(withSearchSort(base, { ...base, q: 'email' }, 'likes_asc').sort).toBe('relevance');
    expect(withSearchSort(base, { ...base, q: 'email', sort: 'likes_desc' }, 'likes_asc').sort).toBe('likes_desc');
    // Spaces are no search.
    expect(withSearchSort(base, { ...base, q: '   ' }, 'likes_asc').sort).toBe('likes_asc');
  });

  it("keeps the visitor's pick while the search is refined, and gives their own sort back when it is cleared", () => {
    const searching = { ...base, q: 'email', sort: 'relevance' as const };
    expect(withSearchSort(searching, { ...searching, q: 'emails' }, 'likes_asc').sort).toBe('relevance');
    const picked = { ...searching, sort: 'likes_desc' as const };
    expect(withSearchSort(searching, picked, 'likes_asc').sort).toBe('likes_desc');
    expect(withSearchSort(searching, { ...searching, q: '' }, 'likes_asc').sort).toBe('likes_asc');
    expect(withSearchSort(searching, { ...searching, q: '' }, '').sort).toBe('');
    expect(withSearchSort(picked, { ...picked, q: '' }, 'likes_asc').sort).toBe('likes_desc');
  });

  it('is read from a URL only together with a search', () => {
    expect(filtersFromSearchParams(new URLSearchParams('q=email&sort=relevance')).sort).toBe('relevance');
    expect(filtersFromSearchParams(new URLSearchParams('sort=relevance')).sort).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams('q=%20&sort=relevance')).sort).toBe('');
  });

  it('shows as a chip like any other sort', () => {
    expect(activeFilterChips({ ...EMPTY_FILTERS, q: 'email', sort: 'relevance' }).map((chip) => chip.label)).toEqual([
      'Search: email',
      'Best match',
    ]);
  });
});
