// What the server answers a plain GET of each public page with, before any script runs: the page
// rendered by React on the server, inside <div id="root">, so a reader without JavaScript, a crawler
// and a link preview all get the words, links and pictures the browser will show. Searching works
// as a plain form: GET /blog/search?q=... is sent on to the results' own address, or answered with
// the blog page and the keyword's message. And what the server renders is public: an admin's
// session changes nothing in it.
//
// In the e2e project for the built client (inject('clientBuildDir')): the server renders the same
// components the browser hydrates, and its page names the build's files.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import { keywordError } from '#kernel/search-rules.ts';
import { SERVER_ENTRY_FILE } from '#kernel/server-render.ts';
import { PublicResponseCache } from '../../server/http/response-cache.ts';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { FEATURED_POST, seedTwoPagesSite } from './support/site-content.ts';

const SITE_NAME = 'Pixel Diaries';
const FEATURED_TITLE = FEATURED_POST.title;
const FEATURED_PARAGRAPHS = FEATURED_POST.paragraphs;

let t: TestApp;
// Newest first, as the lists show them.
let newestFirst: PostWithImage[];
let featured: PostWithImage;
let zelda: PostWithImage;
let ocarina: PostWithImage;

beforeAll(async () => {
  t = await createTestApp({ clientDir: inject('clientBuildDir'), env: { SITE_NAME } });
  ({ newestFirst, featured, zelda, ocarina } = await seedTwoPagesSite(t));
}, 90_000);
afterAll(() => t?.dispose());

interface ServedPage {
  response: Response;
  html: string;
  document: Document;
  /** <div id="root">, where React renders: everything asserted on is looked for in here. */
  root: Element;
}

async function get(path: string, cookie?: string): Promise<ServedPage> {
  const response = await t.request(path, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  // With the page's own address, so a form's action and a link's href resolve as in a browser.
  const { document } = new JSDOM(html, { url: new URL(path, t.config.siteUrl).href }).window;
  const root = document.getElementById('root');
  if (!root) throw new Error(`${path}: no <div id="root"> in the HTML`);
  return { response, html, document, root };
}

/** An element's text as a reader reads it: runs of white space as one space. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

const mainOf = (page: ServedPage) => page.root.querySelector('main');
const h1Of = (page: ServedPage) => text(page.root.querySelector('main h1'));

/** The section headed `name` (the home page's 'Currently' and 'Latest'). */
function section(page: ServedPage, name: string): Element | undefined {
  return [...page.root.querySelectorAll('main section')].find((element) => text(element.querySelector('h2')) === name);
}

/** The post cards under `scope`: each one's title and where its READ MORE goes. */
function cards(scope: Element | null | undefined) {
  return [...(scope?.querySelectorAll('article') ?? [])].map((card) => ({
    title: text(card.querySelector('h2, h3')),
    readMore: [...card.querySelectorAll('a')].find((a) => text(a)?.startsWith('READ MORE'))?.getAttribute('href'),
  }));
}

const cardsOf = (list: PostWithImage[]) => list.map((post) => ({ title: post.title, readMore: postPath(post.slug) }));

/** Whether an element under `scope` says exactly `words`. */
function says(scope: Element | null | undefined, words: string): boolean {
  return [...(scope?.querySelectorAll('*') ?? [])].some((element) => text(element) === words);
}

/** The hrefs of the list's paginator, or [] when it has none. */
function paginatorLinks(page: ServedPage): string[] {
  const paginator = page.root.querySelector('[aria-label="Pagination"]');
  return [...(paginator?.querySelectorAll('a[href]') ?? [])].map((a) => a.getAttribute('href')!);
}

const searchForm = (page: ServedPage) => page.root.querySelector<HTMLFormElement>('form[role="search"]');

/** Every variant in srcset, the displayed width in sizes, and the picture's own size to keep its box. */
function expectResponsiveImage(image: Element | null | undefined, size: { width: number; height: number }) {
  expect(image, 'the picture').toBeTruthy();
  expect(image!.getAttribute('srcset')).toMatch(/^\/uploads\/\S+-480\.webp 480w, .*\/uploads\/\S+\.webp \d+w$/);
  expect(image!.getAttribute('sizes')).toMatch(/\S/);
  expect(image!.getAttribute('width')).toBe(String(size.width));
  expect(image!.getAttribute('height')).toBe(String(size.height));
}

const NAV_HREFS = ['/about', '/blog', ...CATEGORY_SCREENS.map((screen) => `/${screen.path}`), '/hire-me'];

/** The site's frame, around every page: the logo home, the main navigation, the footer's links. */
function expectSiteFrame(page: ServedPage) {
  const { root } = page;
  expect(root.querySelector('a[href="/"]')?.getAttribute('aria-label')).toBe(`${SITE_NAME}, home page`);
  const nav = root.querySelector('nav[aria-label="Main"]');
  expect([...(nav?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual(NAV_HREFS);
  const footer = root.querySelector('footer');
  expect(footer?.querySelector('a[href="/privacy-policy"]')).toBeTruthy();
  expect(footer?.querySelector('a[href="/disclaimer"]')).toBeTruthy();
  expect(text(footer)).toContain(`© ${new Date().getFullYear()} ${SITE_NAME}`);
}

const STATIC_PAGES = [
  { path: '/about', heading: 'About', copy: 'video games, anime, TV shows and books' },
  { path: '/hire-me', heading: 'Hire me', copy: 'available for freelance work' },
  { path: '/privacy-policy', heading: 'Privacy Policy', copy: 'This site uses no analytics service' },
  { path: '/disclaimer', heading: 'Disclaimer', copy: 'I will remove it promptly' },
];

describe('every public page, as the server sends it', () => {
  // What a crawler reads first: the status, then the page's heading inside the site's frame.
  const ROUTES: { name: string; path: () => string; status: number; heading: string }[] = [
    { name: 'the home page', path: () => '/', status: 200, heading: SITE_NAME },
    { name: 'the blog', path: () => '/blog', status: 200, heading: 'Blog' },
    { name: "the blog's page 2", path: () => '/blog/page/2', status: 200, heading: 'Blog' },
    { name: 'a search', path: () => '/blog/search/zelda', status: 200, heading: 'Search results for “zelda”' },
    {
      name: "a search's page 2",
      path: () => '/blog/search/subtitle/page/2',
      status: 200,
      heading: 'Search results for “subtitle”',
    },
    ...CATEGORY_SCREENS.map((screen) => ({
      name: `the ${screen.heading} list`,
      path: () => `/${screen.path}`,
      status: 200,
      heading: screen.heading,
    })),
    { name: 'a post', path: () => postPath(featured.slug), status: 200, heading: FEATURED_TITLE },
    ...STATIC_PAGES.map(({ path, heading }) => ({ name: path, path: () => path, status: 200, heading })),
    {
      name: 'a search that finds nothing',
      path: () => '/blog/search/platypus',
      status: 200,
      heading: 'Search results for “platypus”',
    },
    { name: "a page past the blog's last", path: () => '/blog/page/3', status: 404, heading: 'Blog' },
    { name: "a page past a category's last", path: () => '/books/page/2', status: 404, heading: 'Books' },
    {
      name: 'a post that does not exist',
      path: () => postPath(randomUUID()),
      status: 404,
      heading: 'The page does not exist',
    },
    { name: 'an unknown path', path: () => '/no-such-page', status: 404, heading: 'Page not found' },
  ];

  for (const route of ROUTES) {
    it(`${route.name}: ${route.status}, its heading, inside the header and footer`, async () => {
      const page = await get(route.path());
      expect(page.response.status).toBe(route.status);
      expect(page.response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(h1Of(page)).toBe(route.heading);
      expectSiteFrame(page);
    });
  }
});

describe('the home page', () => {
  it('has its banner, the site name, the Currently cards and the latest posts, each with READ MORE', async () => {
    const page = await get('/');
    // The banner: its words as text, over a decorative picture of a known size.
    const banner = page.root.querySelector('main .home-banner');
    expect(text(banner)).toBe('Games · Anime · TV · BooksOpinions, reviews and notes from a fan');
    const picture = banner?.querySelector('img');
    expect(picture?.getAttribute('alt')).toBe('');
    expect([picture?.getAttribute('width'), picture?.getAttribute('height')]).toEqual(['1800', '592']);
    expect(h1Of(page)).toBe(SITE_NAME);

    // The carousel may repeat its slides (Swiper's loop): what counts is that each card is there.
    const currently = section(page, 'Currently');
    expect(text(currently)).toContain('Piranesi');
    expect(text(currently)).toContain('Outer Wilds');
    expect(currently?.querySelector('img[alt="Reading: Piranesi"]')).toBeTruthy();
    expectResponsiveImage(currently?.querySelector('img[alt="Reading: Piranesi"]'), { width: 800, height: 1000 });
    expect(says(currently, 'Nothing on the go right now. Check back soon.')).toBe(false);

    // The 9 newest posts.
    expect(cards(section(page, 'Latest'))).toEqual(cardsOf(newestFirst.slice(0, 9)));
  });
});

describe('the blog list', () => {
  it('/blog: the 15 newest cards, each with its subtitle, date, picture and READ MORE, and a link to page 2', async () => {
    const page = await get('/blog');
    const main = mainOf(page);
    expect(cards(main)).toEqual(cardsOf(newestFirst.slice(0, 15)));

    const card = main!.querySelector('article')!;
    expect(says(card, featured.subtitle)).toBe(true);
    const time = card.querySelector(`time[datetime="${featured.createdAt.toISOString()}"]`);
    expect(text(time)).toMatch(/\d/);
    expect(text(card.querySelector(`a[href="${postPath(featured.slug)}"]`))).toBe(`READ MORE: ${featured.title}`);
    expectResponsiveImage(card.querySelector(`img[alt="${featured.title}"]`), { width: 1600, height: 900 });
    // A later card's picture too: every card keeps its box before its picture arrives.
    expectResponsiveImage(main!.querySelectorAll('article')[1]?.querySelector('img'), { width: 1200, height: 675 });

    expect(paginatorLinks(page)).toContain('/blog/page/2');
  });

  it('/blog/page/2: the 2 oldest cards, and a link back to page 1', async () => {
    const page = await get('/blog/page/2');
    expect(cards(mainOf(page))).toEqual(cardsOf(newestFirst.slice(15)));
    expect(paginatorLinks(page)).toContain('/blog/page/1');
  });

  it('a page past the last says NOTHING FOUND, with the paginator there to go back', async () => {
    const page = await get('/blog/page/3');
    expect(page.response.status).toBe(404);
    expect(says(mainOf(page), 'NOTHING FOUND')).toBe(true);
    expect(cards(mainOf(page))).toEqual([]);
    expect(paginatorLinks(page)).toContain('/blog/page/1');
  });

  it('has the search box as a plain form: GET /blog/search with the keyword as q', async () => {
    const page = await get('/blog');
    const form = searchForm(page);
    expect(form, 'the search form').toBeTruthy();
    expect(new URL(form!.action).pathname).toBe('/blog/search');
    expect(form!.method).toBe('get');
    expect(form!.querySelector('input[name="q"]')).toBeTruthy();
  });
});

describe('search results', () => {
  it('/blog/search/{keyword}: the matching cards, the keyword in the box, no paginator for one page', async () => {
    const page = await get('/blog/search/zelda');
    const found = cards(mainOf(page)).sort((a, b) => a.title!.localeCompare(b.title!));
    expect(found).toEqual(cardsOf([ocarina, zelda]));
    expect(searchForm(page)?.querySelector<HTMLInputElement>('input[name="q"]')?.value).toBe('zelda');
    expect(paginatorLinks(page)).toEqual([]);
  });

  it('/blog/search/{keyword}/page/{n}: the rest of the results, with links to their pages', async () => {
    // 16 posts have 'subtitle' in their subtitle: 15, then 1.
    const page = await get('/blog/search/subtitle/page/2');
    expect(cards(mainOf(page))).toHaveLength(1);
    expect(paginatorLinks(page)).toContain('/blog/search/subtitle/page/1');
  });

  it('a keyword that finds nothing: NOTHING FOUND and no paginator', async () => {
    const page = await get('/blog/search/platypus');
    expect(says(mainOf(page), 'NOTHING FOUND')).toBe(true);
    expect(cards(mainOf(page))).toEqual([]);
    expect(paginatorLinks(page)).toEqual([]);
  });

  it('a keyword the API refuses, in the address: its message in place of the list', async () => {
    const page = await get(`/blog/search/${encodeURIComponent('zelda!')}`);
    expect(page.response.status).toBe(200);
    expect(says(mainOf(page), keywordError('zelda!')!)).toBe(true);
    expect(cards(mainOf(page))).toEqual([]);
  });
});

describe('a category list', () => {
  it('/games: its heading, its description and only its own posts', async () => {
    const page = await get('/games');
    const games = CATEGORY_SCREENS.find((screen) => screen.path === 'games')!;
    expect(says(mainOf(page), games.description)).toBe(true);
    const gamePosts = newestFirst.filter((post) => post.category === 'game');
    expect(cards(mainOf(page))).toEqual(cardsOf(gamePosts));
    expect(paginatorLinks(page)).toEqual([]);
  });

  it('a page past the last: NOTHING FOUND', async () => {
    const page = await get('/books/page/2');
    expect(page.response.status).toBe(404);
    expect(says(mainOf(page), 'NOTHING FOUND')).toBe(true);
  });
});

describe("a post's page", () => {
  it('has its picture, title, subtitle, date and paragraphs', async () => {
    const page = await get(postPath(featured.slug));
    const article = page.root.querySelector('main article');
    expect(text(article?.querySelector('h1'))).toBe(featured.title);
    expect(says(article, featured.subtitle)).toBe(true);
    const time = article?.querySelector(`time[datetime="${featured.createdAt.toISOString()}"]`);
    expect(text(time)).toMatch(/\d/);
    expect([...(article?.querySelectorAll('p') ?? [])].map(text)).toEqual(expect.arrayContaining(FEATURED_PARAGRAPHS));
    expect(text(article?.querySelector('strong'))).toBe('loop');
    expectResponsiveImage(article?.querySelector(`img[alt="${featured.title}"]`), { width: 1600, height: 900 });
  });

  it('an id no post has: the missing-post screen, with a search box to look again', async () => {
    const page = await get(postPath(randomUUID()));
    expect(page.response.status).toBe(404);
    expect(h1Of(page)).toBe('The page does not exist');
    expect(says(mainOf(page), 'Make a new search')).toBe(true);
    expect(new URL(searchForm(page)!.action).pathname).toBe('/blog/search');
  });
});

describe('the static pages and the error page', () => {
  for (const { path, heading, copy } of STATIC_PAGES) {
    it(`${path}: its heading and its copy`, async () => {
      const page = await get(path);
      expect(h1Of(page)).toBe(heading);
      expect(text(mainOf(page))).toContain(copy);
    });
  }

  it('an unknown path: Page not found, with the way home', async () => {
    const page = await get('/no-such-page');
    expect(page.response.status).toBe(404);
    expect(h1Of(page)).toBe('Page not found');
    expect(text(mainOf(page)?.querySelector('a[href="/"]'))).toBe('Go to the home page');
  });
});

describe('the search form without JavaScript: GET /blog/search?q=', () => {
  const searchFor = (q: string) => get(`/blog/search?q=${encodeURIComponent(q)}`);
  /** The answer to the form's query string, and where it sends the browser, resolved as a browser would. */
  async function redirectOf(query: string) {
    const response = await t.request(`/blog/search?${query}`);
    const location = response.headers.get('location');
    return { status: response.status, to: location === null ? null : new URL(location, t.config.siteUrl).href };
  }

  for (const [q, to] of [
    ['zelda', '/blog/search/zelda'],
    // Trimmed, as the search box trims it.
    ['  zelda ', '/blog/search/zelda'],
    // Spaces, dashes and underscores kept, encoded as searchPath encodes them.
    ['final-fantasy_7 remake', '/blog/search/final-fantasy_7%20remake'],
  ] as const) {
    it(`q=${JSON.stringify(q)} is sent on to ${to} with a 303`, async () => {
      expect(await redirectOf(`q=${encodeURIComponent(q)}`)).toEqual({ status: 303, to: `${t.config.siteUrl}${to}` });
    });
  }

  it('a form sent with spaces as +, as browsers send it, is sent on the same way', async () => {
    expect(await redirectOf('q=final-fantasy_7+remake')).toEqual({
      status: 303,
      to: `${t.config.siteUrl}/blog/search/final-fantasy_7%20remake`,
    });
  });

  for (const [what, q] of [
    ['empty', ''],
    ['spaces only', '   '],
    ['other characters', 'zelda!'],
    ['101 characters', 'a'.repeat(101)],
  ] as const) {
    it(`a keyword the box refuses (${what}) is answered with the blog page and the box's message`, async () => {
      const message = keywordError(q);
      expect(message).not.toBeNull();
      const page = await searchFor(q);
      expect(page.response.status).toBe(200);
      expect(h1Of(page)).toBe('Blog');
      const form = searchForm(page);
      expect(text(form?.querySelector('[role="alert"]'))).toBe(message);
      // Tied to the box, as the browser's own check ties it, so a screen reader reads it with it.
      expect(form?.querySelector('input[name="q"]')?.getAttribute('aria-invalid')).toBe('true');
      expectSiteFrame(page);
    });
  }
});

describe('what the server keeps', () => {
  // Every keyword is a key of its own, each rarely asked twice: kept, they would only crowd out
  // the pages that are read again and again.
  it('never keeps the answer to a search, from the form or at its own address', async () => {
    for (const path of ['/blog/search?q=', '/blog/search?q=zelda!', '/blog/search/zelda']) {
      await t.request(path);
      const again = await t.request(path);
      expect(again.headers.get('age'), path).toBeNull();
    }
  });

  it('keeps a public page, and answers it again from memory', async () => {
    await t.request('/about');
    expect((await t.request('/about')).headers.get('age')).toMatch(/^\d+$/);
  });
});

describe('a signed-in admin', () => {
  // The server renders one page for everyone, so a cached or shared page never shows a visitor an
  // admin's buttons; the admin's own controls appear once the app runs in their browser.
  it('gets the same public markup as a visitor: no Edit or Delete, no account links', async () => {
    const { cookie } = await t.signIn({ isAdmin: true, name: 'Ada Lovelace' });
    for (const [path, heading] of [
      [postPath(featured.slug), featured.title],
      ['/', SITE_NAME],
      ['/blog', 'Blog'],
    ] as const) {
      const asAdmin = await get(path, cookie);
      const asVisitor = await get(path);
      expect(asAdmin.response.status, path).toBe(200);
      // The page itself is there, so what is missing below is missing for a reason.
      expect(h1Of(asAdmin), path).toBe(heading);
      expect(asAdmin.root.querySelector(`a[href="/blog/${featured.id}/edit"]`), path).toBeNull();
      const controls = [...asAdmin.root.querySelectorAll('a, button')].map(text);
      for (const adminOnly of ['Edit', 'Delete', 'Create blog', 'Create cards', 'Show cards', 'Logout']) {
        expect(controls, `${path}: ${adminOnly}`).not.toContain(adminOnly);
      }
      // (The post's JSON-LD in the head names its author: that is public, and not the page's markup.)
      expect(text(asAdmin.root), path).not.toContain('Ada Lovelace');
      expect(asAdmin.root.innerHTML, path).toBe(asVisitor.root.innerHTML);
    }
  });
});

describe('pages the server does not render', () => {
  it('with SERVER_RENDERING=off, every page is the bare client with its first answers, as before', async () => {
    const bare = await createTestApp({
      clientDir: inject('clientBuildDir'),
      env: { SITE_NAME, SERVER_RENDERING: 'off' },
    });
    try {
      const response = await bare.request('/blog');
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="server-state"');
      expect(html).toContain('id="initial-results"');
    } finally {
      await bare.dispose();
    }
  });

  it('a form is rendered by the browser, even for a visitor', async () => {
    const page = await get('/login');
    expect(page.root.innerHTML).toBe('');
    expect(page.html).not.toContain('id="server-state"');
  });

  it('a page whose data cannot be read is served as the bare client, never kept with an error in it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The render's queries are the app's GraphQL, asked in the server (server/graphql/own-reads.ts):
    // every one fails, as when the database is gone for a moment.
    const failing = vi
      .spyOn(PublicResponseCache.prototype, 'graphqlRead')
      .mockImplementation(async () => Response.json({ data: null, errors: [{ message: 'Unexpected error.' }] }));
    try {
      const response = await t.request('/privacy-policy?while-the-database-is-down');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Unexpected error.');
      expect(errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n')).toMatch(
        /Could not render \/privacy-policy on the server: Error: The page's queries failed: Site/,
      );
    } finally {
      failing.mockRestore();
      errors.mockRestore();
    }
  });

  it("a page whose render fails is still served, as the bare client, and the server's log says why", async () => {
    // A build whose server entry cannot render anything.
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-broken-render-'));
    cpSync(inject('clientBuildDir'), clientDir, { recursive: true });
    writeFileSync(
      path.join(clientDir, SERVER_ENTRY_FILE),
      "export async function renderPage() { throw new Error('the render broke'); }\n",
    );
    const broken = await createTestApp({ clientDir, env: { SITE_NAME } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await broken.request('/about');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('id="initial-results"');
      expect(errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n')).toMatch(
        /Could not render \/about on the server: Error: the render broke/,
      );
    } finally {
      errors.mockRestore();
      await broken.dispose();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
