// Component and logic tests for the client's visitor side: what the paginator shows, how a URL's
// page number and category become query variables, and the search box's rule.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Paginator } from '../../client/src/components/paginator.tsx';
import { CATEGORY_SCREENS, parsePageNumber } from '#kernel/page-meta-rules.ts';
import { CATEGORIES, fromApiCategory, toApiCategory } from '#kernel/post-rules.ts';
import { keywordError } from '#kernel/search-rules.ts';

function renderPaginator(page: number, pages: number): { html: string; labels: string[] } {
  const html = renderToStaticMarkup(
    <Paginator page={page} pages={pages} onPageChange={() => {}} pageHref={(n) => `/blog/page/${n}`} />,
  );
  const unescape = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  const labels = [...html.matchAll(/<a[^>]*>([^<]*)<\/a>/g)].map((match) => unescape(match[1]!));
  return { html, labels };
}

describe('the paginator', () => {
  it('is not shown for one page or none', () => {
    expect(renderPaginator(1, 1).html).toBe('');
    expect(renderPaginator(1, 0).html).toBe('');
  });

  it("shows every page when they fit, with '<' and '>'", () => {
    expect(renderPaginator(2, 5).labels).toEqual(['<', '1', '2', '3', '4', '5', '>']);
  });

  it("shows at most 9 page links, 1 margin page at each end and '...' breaks", () => {
    const { labels } = renderPaginator(50, 100);
    const pageLinks = labels.filter((label) => /^\d+$/.test(label));
    expect(pageLinks.length).toBeLessThanOrEqual(9);
    expect(labels[0]).toBe('<');
    expect(labels.at(-1)).toBe('>');
    expect(pageLinks[0]).toBe('1');
    expect(pageLinks.at(-1)).toBe('100');
    expect(labels.filter((label) => label === '...')).toHaveLength(2);
    expect(pageLinks).toContain('50');
  });

  it('is a list of links inside a navigation landmark, the breaks linking a range away', () => {
    const { html } = renderPaginator(50, 100);
    expect(html).toMatch(/^<nav aria-label="Pagination"><ul class="paginator"><li/);
    expect(html).not.toContain('role="navigation"');
    expect(html).toContain('href="/blog/page/43" aria-label="Jump backward"');
    expect(html).toContain('href="/blog/page/57" aria-label="Jump forward"');
  });

  it('links every page to its one-based address and marks the current one', () => {
    const { html } = renderPaginator(3, 12);
    expect(html).toContain('href="/blog/page/12"');
    expect(html).toMatch(/class="[^"]*is-current[^"]*"[^>]*>\s*<a[^>]*>3<\/a>/);
  });
});

describe('a page number in the URL', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['2', 2],
    ['100000', 100000],
  ])('%s means page %s', (segment, page) => {
    expect(parsePageNumber(segment)).toBe(page);
  });

  it.each(['0', '-1', 'abc', '1.5', '01', '100001', ''])('%s is not a page', (segment) => {
    expect(parsePageNumber(segment)).toBeNull();
  });
});

describe('the category routes', () => {
  it('cover exactly the categories the server knows, each asked for by its GraphQL name', () => {
    expect(CATEGORY_SCREENS.map((screen) => screen.path)).toEqual(['games', 'anime', 'books', 'tv']);
    expect(CATEGORY_SCREENS.map((screen) => screen.category).sort()).toEqual([...CATEGORIES].sort());
    expect(CATEGORIES.map(toApiCategory)).toEqual(['GAME', 'TV', 'BOOK', 'ANIME']);
    expect(['GAME', 'TV', 'BOOK', 'ANIME', 'MUSIC'].map(fromApiCategory)).toEqual(['game', 'tv', 'book', 'anime', '']);
  });
});

describe("the search box's rule", () => {
  it.each([
    ['', 'You need to add a keyword'],
    ['   ', 'You need to add a keyword'],
    ['zelda!', 'Letters, numbers, spaces, dashes and underscores allowed'],
    ['<script>', 'Letters, numbers, spaces, dashes and underscores allowed'],
    ['open world', null],
    ['half-life_2', null],
  ])('%j gives %j', (keyword, message) => {
    expect(keywordError(keyword)).toBe(message);
  });
});
