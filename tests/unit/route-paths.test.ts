// The addresses both sides write: a link and the page head of the page it names must agree.
import { describe, expect, it } from 'vitest';
import {
  canonicalListPagePath,
  editPostPath,
  listPagePath,
  loginReturningTo,
  postPath,
  returnPathOf,
  searchPath,
} from '#kernel/route-paths.ts';

describe('route paths', () => {
  it('names a post, its edit form and a search, the keyword as one encoded segment', () => {
    expect(postPath('0193')).toBe('/blog/0193');
    expect(editPostPath('0193')).toBe('/blog/0193/edit');
    expect(searchPath('zelda breath')).toBe('/blog/search/zelda%20breath');
    expect(searchPath('a/b?c')).toBe('/blog/search/a%2Fb%3Fc');
  });

  it('links every page of a list by number, and gives page 1 the list itself as its canonical address', () => {
    expect(listPagePath('/blog', 1)).toBe('/blog/page/1');
    expect(listPagePath('/games', 3)).toBe('/games/page/3');
    expect(canonicalListPagePath('/blog', 1)).toBe('/blog');
    expect(canonicalListPagePath(searchPath('zelda'), 2)).toBe('/blog/search/zelda/page/2');
  });

  it('sends the login form back to a screen of this site only, never to another site', () => {
    expect(loginReturningTo('/blog/0193/edit')).toBe('/login?next=%2Fblog%2F0193%2Fedit');
    const next = new URLSearchParams(loginReturningTo('/new').split('?')[1]).get('next');
    expect(returnPathOf(next)).toBe('/new');
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'new', '']) {
      expect(returnPathOf(away)).toBeNull();
    }
    expect(returnPathOf(null)).toBeNull();
  });
});
