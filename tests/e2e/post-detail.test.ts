// A post's page: its picture, title, subtitle, date and content, sanitized once more in the browser;
// its reading font; the post's own metadata; its ending; and 'The page does not exist' when there is
// no such post.
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { commentMessages } from '#kernel/comment-rules.ts';
import {
  createAccount,
  markPageLoad,
  problemsBesidesStatus,
  restoreSession,
  signOutBrowser,
  toast,
  withAppCookie,
} from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser, type NoScriptBrowser } from './support/no-script.ts';
import { openDesktopSite, openSite, type E2eSite } from './support/e2e-site.ts';
import {
  scriptStarted,
  arrivedAt,
  canonicalLinks,
  gotoApp,
  h1Text,
  headMeta,
  operation,
  pathOf,
  searchWith,
  whileGraphqlFails,
  whileGraphqlHeld,
} from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let post: PostWithImage;

beforeAll(async () => {
  site = await openDesktopSite();
  post = await createPost(site.t, {
    title: 'Outer Wilds Is a Museum of Time',
    subtitle: 'Twenty-two minutes, forever',
    category: 'game',
    image: { width: 1600, height: 900 },
    content: [
      '<p class="align-center">A <strong>loop</strong> of <em>twenty-two</em> <u>minutes</u>, <s>no</s> one rule.</p>',
      '<blockquote>The sun goes out every time.</blockquote>',
      '<ul><li>Ember Twin</li><li>Brittle Hollow</li></ul>',
      '<p class="indent-2">Read <a href="https://en.wikipedia.org/wiki/Outer_Wilds" target="_blank">more about it</a>.</p>',
    ].join(''),
  });
}, 60_000);
afterAll(() => site?.close());

/**
 * Opens a post from the blog list in the app (the signed-in author's: a reader's click loads the
 * server's page). A post's page loaded from the server arrives with its post written in
 * (server/modules/pages/initial-results.ts) and sends no query; opened from a list in the app, it asks
 * the server, and shows its loading and error states.
 */
async function openFromTheBlog(page: Page, { slug, title }: { slug: string; title: string }) {
  await withAppCookie(page, site.url);
  onTestFinished(() => page.context().clearCookies());
  await gotoApp(page, `${site.url}/blog`);
  await page.getByRole('link', { name: new RegExp(`^READ MORE\\s*: ${title}$`) }).click();
  await expect.poll(() => pathOf(page)).toBe(`/blog/${slug}`);
}

// The reading font: a post's text is set in Literata, served by the site itself (no third-party
// host), preloaded on a post's page only, and shown without moving anything (font-display: optional).
// First in the file: its first test must be the browser's first post page, so the font is fetched
// (not found in the browser's cache) where the test watches for it.
describe('the reading font', () => {
  let slug: string;
  const fontRequests: string[] = [];
  beforeAll(async () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    slug = (await createPost(site.t, { title: 'A long read', content: `<p>${words}</p><p><em>An aside.</em></p>` }))
      .slug;
    site.page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    // The first page a new browser opens is slow to come: not inside a test's time.
    await site.page.goto(site.url);
  });

  it("sets a post's text in Literata from the site itself, preloaded, with nothing shifting", async () => {
    const { page } = site;
    fontRequests.length = 0;
    const html = await (await fetch(`${site.url}/blog/${slug}`)).text();
    const preload = /<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/.exec(html);
    expect(preload?.[1]).toMatch(/^\/assets\/literata-latin-wght-normal-[\w-]+\.woff2$/);

    await page.goto(`${site.url}/blog/${slug}`);
    const look = await page.evaluate(async () => {
      await document.fonts.ready;
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const text = document.querySelector('.post-content p')!;
      return {
        family: getComputedStyle(text).fontFamily,
        used: document.fonts.check(`18px "Literata Variable"`, 'word'),
        shifts,
      };
    });
    expect(look.family).toMatch(/^"Literata Variable"/);
    expect(look.used).toBe(true);
    expect(look.shifts).toEqual([]);
    // One file, from this site, and it is the one preloaded.
    expect(fontRequests).toEqual([`${site.url}${preload![1]}`]);
    const font = await fetch(fontRequests[0]!);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(site.problems).toEqual([]);
  });

  it('is neither preloaded nor fetched on pages without a post', async () => {
    const fresh = await site.page.context().newPage();
    try {
      const requests: string[] = [];
      fresh.on('request', (request) => {
        if (request.resourceType() === 'font') requests.push(request.url());
      });
      for (const path of ['/', '/blog']) {
        const html = await (await fetch(`${site.url}${path}`)).text();
        expect(html, path).not.toContain('as="font"');
        await fresh.goto(`${site.url}${path}`);
        await fresh.evaluate(() => document.fonts.ready);
      }
      expect(requests).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("a post's page", () => {
  it('shows the picture, title, subtitle, creation date and the rich content', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Outer Wilds Is a Museum of Time');
    const article = page.getByRole('main').getByRole('article');
    expect(await article.getByText('Twenty-two minutes, forever').count()).toBe(1);
    // The date in the reader's own locale format, as the browser writes it.
    const expectedDate = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }),
      post.createdAt.toISOString(),
    );
    expect(await article.locator('time').textContent()).toBe(expectedDate);
    expect(await article.locator('time').getAttribute('datetime')).toBe(post.createdAt.toISOString());
    // The reading time the server computes from the content's words (about 230 a minute, at least 1).
    expect(await article.locator('.post-article-reading-time').textContent()).toBe(' · 1 min read');

    const content = article.locator('.post-content');
    expect(await content.locator('strong').textContent()).toBe('loop');
    expect(await content.locator('em').textContent()).toBe('twenty-two');
    expect(await content.locator('u').textContent()).toBe('minutes');
    expect(await content.locator('s').textContent()).toBe('no');
    expect(await content.locator('blockquote').textContent()).toBe('The sun goes out every time.');
    expect(await content.getByRole('listitem').allTextContents()).toEqual(['Ember Twin', 'Brittle Hollow']);
    expect(await content.locator('p').first().getAttribute('class')).toBe('align-center');
    expect(
      await content
        .locator('p')
        .first()
        .evaluate((element) => getComputedStyle(element).textAlign),
    ).toBe('center');
    // A link may open a new tab, and always without a handle on this page.
    const link = content.getByRole('link', { name: 'more about it' });
    expect(await link.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Outer_Wilds');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(site.problems).toEqual([]);
  });

  it('loads its picture first, from every variant, sized so the text below never moves', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/${post.slug}`);
    const image = page.getByRole('main').getByRole('img', { name: 'Outer Wilds Is a Museum of Time' });
    await image.waitFor();
    expect(await image.getAttribute('srcset')).toMatch(
      /^\/uploads\/\S+-480\.webp 480w, \/uploads\/\S+-720\.webp 720w, \/uploads\/\S+-960\.webp 960w, \/uploads\/\S+-1600\.webp 1600w$/,
    );
    expect(await image.getAttribute('sizes')).toBe('(min-width: 44rem) 664px, calc(100vw - 2.5rem)');
    expect(await image.getAttribute('width')).toBe('1600');
    expect(await image.getAttribute('height')).toBe('900');
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    // Its box has the picture's shape before and after the bytes arrive.
    const box = await image.boundingBox();
    expect(Math.round(box!.width * (900 / 1600))).toBe(Math.round(box!.height));
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("carries the post's own title, subtitle and picture in its metadata, once the app has it", async () => {
    const { page } = site;
    // The app's tags, as it keeps them while the reader navigates (the server's: page-head.test.ts;
    // that the two agree: server-rendering.test.ts).
    await gotoApp(page, `${site.url}/blog/${post.slug}`);
    await expect.poll(() => page.title()).toBe('Outer Wilds Is a Museum of Time | Pixel Diaries');
    expect(await headMeta(page, 'description')).toEqual(['Twenty-two minutes, forever']);
    expect(await headMeta(page, 'og:type')).toEqual(['article']);
    expect(await headMeta(page, 'og:title')).toEqual(['Outer Wilds Is a Museum of Time | Pixel Diaries']);
    expect(await headMeta(page, 'og:description')).toEqual(['Twenty-two minutes, forever']);
    const [ogImage] = await headMeta(page, 'og:image');
    // The cover cut to the link preview's box around its focal point (the server makes it on request).
    expect(ogImage).toMatch(/^http:\/\/blog\.test\/social\/[0-9a-f]{32}-\d{1,3}-\d{1,3}\.jpg$/);
    expect(await headMeta(page, 'og:image:type')).toEqual(['image/jpeg']);
    expect(await headMeta(page, 'og:image:width')).toEqual(['1200']);
    expect(await headMeta(page, 'og:image:height')).toEqual(['630']);
    expect(await headMeta(page, 'twitter:image')).toEqual([ogImage]);
    expect(await canonicalLinks(page)).toEqual([`http://blog.test/blog/${post.slug}`]);
    expect(await headMeta(page, 'robots')).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("shows a post from the original client's editor (Quill) centred, indented and nested as written", async () => {
    const quillPost = await createPost(site.t, {
      title: 'Written in the old editor',
      content:
        '<p class="ql-align-center">Centred</p><p class="ql-indent-2">Indented twice</p>' +
        '<ol><li>Games</li><li class="ql-indent-1">Tunic</li><li>Books</li></ol>',
    });
    const { page } = site;
    await page.goto(`${site.url}/blog/${quillPost.slug}`);
    const content = page.getByRole('main').locator('.post-content');
    const centred = content.getByText('Centred');
    await centred.waitFor();
    expect(await centred.evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
    const indent = await content.getByText('Indented twice').evaluate((element) => {
      const style = getComputedStyle(element);
      return parseFloat(style.paddingLeft) / parseFloat(style.fontSize);
    });
    expect(indent).toBe(4);
    // The nested item is a list inside the item above it, shown further right.
    const outer = content.locator(':scope > ol > li');
    expect(await outer.evaluateAll((items) => items.map((item) => item.firstChild?.textContent))).toEqual([
      'Games',
      'Books',
    ]);
    const nested = outer.first().locator('ol > li');
    expect(await nested.textContent()).toBe('Tunic');
    expect((await nested.boundingBox())!.x).toBeGreaterThan((await outer.first().boundingBox())!.x);
    expect(site.problems).toEqual([]);
  });
});

describe('content that did not pass the server sanitizer', () => {
  // Written straight into the database, as an old version, a migration or a hand edit might leave
  // it: the browser must still render none of it.
  it('is rendered without scripts, handlers, styles, foreign tags, unsafe links or other targets', async () => {
    const { page } = site;
    const dirty = await createPost(site.t, { title: 'A post with a dirty past' });
    await site.t.db.prisma.post.update({
      where: { id: dirty.id },
      data: {
        content: [
          '<p onclick="window.__pwned = 1" style="position:fixed;inset:0" class="align-right button evil" data-x="1" id="hijack">Kept text</p>',
          '<script>window.__pwned = 2</script>',
          '<img src="/nothing.png" onerror="window.__pwned = 3" alt="">',
          '<iframe src="https://example.com"></iframe>',
          '<a href="javascript:window.__pwned = 4">a script link</a>',
          '<a href="https://example.com/" target="_top" rel="opener">a link to another top</a>',
          '<a href="https://example.com/2" target="_blank" rel="opener">a new tab</a>',
          '<svg><circle onload="window.__pwned = 5"></circle></svg>',
          '<form action="https://example.com"><input name="password"></form>',
        ].join(''),
      },
    });
    await page.goto(`${site.url}/blog/${dirty.slug}`);
    await expect.poll(() => h1Text(page)).toBe('A post with a dirty past');
    const content = page.locator('.post-content');
    await content.waitFor();

    const paragraph = content.locator('p').first();
    expect(await paragraph.textContent()).toBe('Kept text');
    expect(await paragraph.evaluate((element) => element.getAttributeNames().sort())).toEqual(['class']);
    expect(await paragraph.getAttribute('class')).toBe('align-right');
    expect(await content.locator('script, img, iframe, svg, form, input').count()).toBe(0);

    const scriptLink = content.getByText('a script link');
    expect(await scriptLink.evaluate((element) => element.getAttributeNames())).toEqual([]);
    const otherTop = content.getByRole('link', { name: 'a link to another top' });
    expect(await otherTop.getAttribute('target')).toBeNull();
    expect(await otherTop.getAttribute('rel')).toBe('noopener noreferrer');
    const newTab = content.getByRole('link', { name: 'a new tab' });
    expect(await newTab.getAttribute('target')).toBe('_blank');
    expect(await newTab.getAttribute('rel')).toBe('noopener noreferrer');

    await paragraph.click();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // The browser's parser meets the handlers before DOMPurify removes them, and the site's
    // Content-Security-Policy reports each one as blocked: the only console errors allowed here.
    const blocked = site.problems.filter((problem) =>
      problem.includes('Executing inline event handler violates the following Content Security Policy'),
    );
    expect(site.problems).toEqual(blocked);
    site.problems.length = 0;
  });
});

describe('an address with no post behind it', () => {
  for (const [what, id] of [
    ['an id no post has', randomUUID()],
    ['something that is not an id', 'not-a-post'],
  ] as const) {
    it(`(${what}) says 'The page does not exist', offers a search, 'or' Go Back`, async () => {
      const { page } = site;
      await page.goto(`${site.url}/blog/${id}`);
      await expect.poll(() => h1Text(page)).toBe('The page does not exist');
      const main = page.getByRole('main');
      expect(await main.getByText('Make a new search', { exact: true }).count()).toBe(1);
      expect(await main.getByRole('search').getByRole('searchbox', { name: 'Search posts' }).count()).toBe(1);
      expect(await main.getByText('or', { exact: true }).count()).toBe(1);
      expect(await headMeta(page, 'robots')).toEqual(['noindex']);

      // Opened directly, there is no page of the site to go back to: Go Back leads home. (The button
      // needs script: it works once the page's island has run.)
      await expect.poll(() => scriptStarted(page)).toBe(true);
      await main.getByRole('button', { name: 'Go Back' }).click();
      await arrivedAt(page, '/', 'Pixel Diaries');
      expect(site.problems).toEqual([]);
    });
  }

  it('searches from its search box', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/${randomUUID()}`);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search posts' });
    await searchWith(box, 'outer wilds', '/blog/search/outer%20wilds');
    await expect
      .poll(() => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents())
      .toEqual(['Outer Wilds Is a Museum of Time']);
    expect(site.problems).toEqual([]);
  });

  it('goes back to the list it came from, when the post was deleted after the list was shown', async () => {
    const { page } = site;
    const doomed = await createPost(site.t, { title: 'A post about to go' });
    // The list the reader came from, in the browser's history.
    await gotoApp(page, `${site.url}/blog`);
    const readMore = page.getByRole('link', { name: /^READ MORE\s*: A post about to go$/ });
    await readMore.waitFor();
    await site.t.app.services.posts.delete(doomed.id);

    await readMore.click();
    await expect.poll(() => h1Text(page)).toBe('The page does not exist');
    expect(pathOf(page)).toBe(`/blog/${doomed.slug}`);
    await expect.poll(() => scriptStarted(page)).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Go Back' }).click();
    await arrivedAt(page, '/blog', 'Blog');
    expect(site.problems).toEqual([]);
  });

  it('shows the same when the post cannot be loaded at all', async () => {
    const { page } = site;
    await whileGraphqlFails(page, 'PostDetail', async () => {
      await openFromTheBlog(page, post);
      await expect.poll(() => h1Text(page)).toBe('The page does not exist');
      expect(await page.getByRole('main').getByRole('button', { name: 'Go Back' }).count()).toBe(1);
    });
    expect(site.problems).toEqual([]);
  });

  it('shows the loading indicator while the post loads', async () => {
    const { page } = site;
    await whileGraphqlHeld(page, operation('query PostDetail'), async (release) => {
      await openFromTheBlog(page, post);
      const spinner = page.getByRole('status', { name: 'Loading the post' });
      await expect.poll(() => spinner.isVisible()).toBe(true);
      release();
      await expect.poll(() => h1Text(page)).toBe('Outer Wilds Is a Museum of Time');
      expect(await spinner.count()).toBe(0);
    });
    expect(site.problems).toEqual([]);
  });
});

// A post that ends well: after the text, its category as a link, the previous and next posts, a few
// related ones and the way back to the blog; in the server's HTML (readers without JavaScript) and
// followed inside the app without a reload. A site of its own: the ending depends on exactly which
// posts there are, and names the author of this site's settings.
describe("a post's ending", () => {
  let site: E2eSite;
  let posts: PostWithImage[];

  beforeAll(async () => {
    site = await openSite({ SITE_NAME: 'Pixel Diaries', AUTHOR_NAME: 'Ada Reviewer' });
    await site.page.setViewportSize({ width: 1280, height: 800 });
    posts = [];
    // Oldest first: created one at a time, so their publication times follow this order.
    for (const post of [
      { title: 'Hollow Knight, ten years on', category: 'game' as const },
      { title: 'Frieren and the long goodbye', category: 'anime' as const },
      { title: 'Hollow Knight Silksong at last', category: 'game' as const },
    ]) {
      posts.push(await createPost(site.t, post));
    }
  }, 60_000);
  afterAll(() => site?.close());

  it('is in the HTML the server sends: category, previous and next, related posts, all posts', async () => {
    const html = await (await site.t.request(`/blog/${posts[1]!.slug}`)).text();
    const ending = new JSDOM(html).window.document.querySelector('.post-ending')!;
    const links = [...ending.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.rel]);
    expect(ending.querySelector('.post-ending-category')!.textContent).toBe(
      'Written by Ada Reviewer · Filed under Anime',
    );
    expect(links).toEqual([
      ['Anime', '/anime', ''],
      ['← Previous postHollow Knight, ten years on', `/blog/${posts[0]!.slug}`, 'prev'],
      ['Next post →Hollow Knight Silksong at last', `/blog/${posts[2]!.slug}`, 'next'],
      // Related: both games (no other anime), sharing no word with it, so the newest first.
      ['Hollow Knight Silksong at last', `/blog/${posts[2]!.slug}`, ''],
      ['Hollow Knight, ten years on', `/blog/${posts[0]!.slug}`, ''],
      ['← All posts', '/blog', ''],
    ]);
    expect(ending.querySelector('h2')!.textContent).toBe('Related posts');
  });

  // A reader's links load the next page from the server; the signed-in author's app follows them in place.
  for (const app of [false, true]) {
    it(`leads on to the next post, its category and the blog${app ? ', in the app without reloading the page' : ''}`, async () => {
      const { page } = site;
      if (app) await withAppCookie(page, site.url);
      onTestFinished(() => page.context().clearCookies());
      await gotoApp(page, `${site.url}/blog/${posts[0]!.slug}`);
      const load = await markPageLoad(page);
      const ending = page.locator('.post-ending');

      // The oldest post has only a next one.
      const neighbours = ending.getByRole('navigation', { name: 'Previous and next posts' });
      expect(await neighbours.getByRole('link').allTextContents()).toEqual(['Next post →Frieren and the long goodbye']);
      // Related: the other game first (same category, shares "Hollow Knight"), then the anime.
      const related = ending.getByRole('region', { name: 'Related posts' });
      expect(await related.getByRole('listitem').allTextContents()).toEqual([
        'Hollow Knight Silksong at last' + 'Game · 1 min read',
        'Frieren and the long goodbye' + 'Anime · 1 min read',
      ]);

      await neighbours.getByRole('link', { name: /Next post/ }).click();
      await expect.poll(() => h1Text(page)).toBe('Frieren and the long goodbye');
      expect(pathOf(page)).toBe(`/blog/${posts[1]!.slug}`);
      expect(await neighbours.getByRole('link').allTextContents()).toEqual([
        '← Previous postHollow Knight, ten years on',
        'Next post →Hollow Knight Silksong at last',
      ]);

      await ending.getByRole('link', { name: 'Anime' }).click();
      await expect.poll(() => pathOf(page)).toBe('/anime');
      await page.goBack();
      await expect.poll(() => h1Text(page)).toBe('Frieren and the long goodbye');
      await ending.getByRole('link', { name: '← All posts' }).click();
      await expect.poll(() => pathOf(page)).toBe('/blog');
      expect(await load.stillLoaded()).toBe(app);
      expect(site.problems).toEqual([]);
    });
  }
});

// Issue 38: a reader comments with JavaScript off (a plain POST and a 303 back) and on (no reload);
// each sees their comment awaiting approval; the author approves both at /admin/comments (which
// reads on a phone) and they show, server-rendered, to everyone. The form's "loaded 10 s ago" token
// is the test's: a person takes seconds to write, a test does not, and the server refuses faster ones.
describe("a post's comments", () => {
  let noScript: NoScriptBrowser;
  let commented: PostWithImage;
  let loadedEarlier: string;
  beforeAll(async () => {
    commented = await createPost(site.t, { title: 'Talk to me' });
    loadedEarlier = await site.t.app.services.comments.formToken(Date.now() - 10_000);
    noScript = await openNoScriptBrowser();
  });
  afterAll(() => noScript?.close());

  it('takes a comment without JavaScript, without a reload with it, and shows them once the author approves', async () => {
    // Without JavaScript: the page as the server wrote it, its token replaced by one 10 s old.
    await noScript.page.route(`${site.url}/blog/${commented.slug}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /name="formToken" value="[^"]*"/,
        `name="formToken" value="${loadedEarlier}"`,
      );
      await route.fulfill({ response, body });
    });
    await noScript.page.goto(`${site.url}/blog/${commented.slug}`);
    const plainForm = noScript.page.getByRole('form', { name: 'Leave a comment' });
    await plainForm.getByLabel('Name', { exact: true }).fill('Nora Noscript');
    await plainForm.getByLabel('E-mail', { exact: true }).fill('nora@example.com');
    await plainForm
      .getByLabel('Comment', { exact: true })
      .fill('Read without scripts.\n\nSee https://example.org/more.');
    await plainForm.getByRole('button', { name: 'Send the comment' }).click();
    await noScript.page.waitForURL(/\?pending=.+#comments$/);
    const plainComments = noScript.page.locator('#comments');
    await expect.poll(() => plainComments.getByRole('status').first().textContent()).toBe(commentMessages.held);
    const mine = plainComments.locator('.comment-pending');
    expect(await mine.locator('.comment-name').textContent()).toBe('Nora Noscript');
    expect(await mine.locator('.comment-pending-mark').textContent()).toBe(commentMessages.heldMark);
    expect(await mine.getByRole('link', { name: 'https://example.org/more' }).getAttribute('rel')).toBe(
      'nofollow ugc noopener',
    );
    expect(noScript.problems).toEqual([]);

    // With JavaScript: the island sends it; the page stays.
    const { page } = site;
    await page.route(`${site.url}/comments/token`, (route) => route.fulfill({ json: { token: loadedEarlier } }));
    await gotoApp(page, `${site.url}/blog/${commented.slug}`);
    const load = await markPageLoad(page);
    const form = page.getByRole('form', { name: 'Leave a comment' });
    await form.getByLabel('Name', { exact: true }).fill('Jo Script');
    await form.getByLabel('E-mail', { exact: true }).fill('jo@example.com');
    await form.getByLabel('Website (optional)').fill('https://jo.example');
    await form.getByLabel('Comment', { exact: true }).fill('Sent without a reload.');
    await form.getByRole('button', { name: 'Send the comment' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(commentMessages.held);
    expect(await form.getByLabel('Comment', { exact: true }).inputValue()).toBe('');
    const pending = page.locator('[data-comment-pending] .comment-pending');
    expect(await pending.locator('.comment-name').textContent()).toBe('Jo Script');
    expect(await load.stillLoaded()).toBe(true);
    // This browser keeps seeing its held comment on the post (its cookie).
    await page.reload();
    await expect.poll(() => pending.locator('.comment-name').textContent()).toBe('Jo Script');
    // A refusal keeps what was typed: too many links.
    await form.getByLabel('Name', { exact: true }).fill('Jo Script');
    await form.getByLabel('E-mail', { exact: true }).fill('jo@example.com');
    const spam = 'https://a.example https://b.example https://c.example https://d.example';
    await form.getByLabel('Comment', { exact: true }).fill(spam);
    await form.getByRole('button', { name: 'Send the comment' }).click();
    await expect.poll(() => form.getByText(commentMessages.tooManyLinks).count()).toBeGreaterThan(0);
    expect(await form.getByLabel('Comment', { exact: true }).inputValue()).toBe(spam);
    // The browser logs the refused request (400): expected here, and nothing else.
    expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
    site.problems.length = 0;
    await page.unroute(`${site.url}/comments/token`);

    // The author: both waiting, counted in the header; approved at once, on a phone's width.
    const author = await createAccount(site, { isAdmin: true, name: 'The Author' });
    await page.setViewportSize({ width: 390, height: 800 });
    await restoreSession(site, author, '/admin/comments');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Comments');
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Author tools' })
          .getByRole('link', { name: /Comments/ })
          .textContent(),
      )
      .toBe('Comments 2, 2 waiting');
    await expect.poll(() => page.locator('.comment-card').count()).toBe(2);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await expect.poll(() => toast(page, '2 comments approved').count()).toBe(1);
    await expect.poll(() => page.locator('.comment-card').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The editor's checkbox closes the post's comments, at once.
    await gotoApp(page, `${site.url}/blog/${commented.id}/edit`);
    await page.getByLabel(/Comments closed/).check();
    await expect.poll(() => toast(page, 'Comments are closed on this post').count()).toBe(1);
    // And "Send by e-mail" (issue 40), on by default, is unticked at once, and stays so.
    const sendByEmail = page.getByLabel(/Send by e-mail/);
    expect(await sendByEmail.isChecked()).toBe(true);
    await sendByEmail.uncheck();
    await expect.poll(() => toast(page, 'It will not be e-mailed').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByLabel(/Send by e-mail/).isChecked()).toBe(false);

    // Everyone now reads them, in the HTML the server sends, oldest first, never an e-mail.
    await signOutBrowser(site);
    const html = await (await fetch(`${site.url}/blog/${commented.slug}`)).text();
    const section = new JSDOM(html).window.document.querySelector('#comments')!;
    expect(section.querySelector('h2')!.textContent).toBe('2 comments');
    expect([...section.querySelectorAll('.comment-name')].map((name) => name.textContent)).toEqual([
      'Nora Noscript',
      'Jo Script',
    ]);
    expect(section.querySelector('.comment-name a')!.getAttribute('rel')).toBe('nofollow ugc noopener');
    // Closed: the comments stay, the form is gone.
    expect(section.querySelector('form')).toBeNull();
    expect(section.querySelector('.post-comments-closed')!.textContent).toBe(commentMessages.closed);
    // "Follow by e-mail" (issue 40): a plain form to /subscribe, for readers without JavaScript too.
    expect(html).toMatch(/<form class="form subscribe-form" action="\/subscribe" method="post">/);
    expect(html).not.toContain('nora@example.com');
    expect(html).not.toContain('jo@example.com');
    // The post's card in the blog's list counts them too.
    const list = new JSDOM(await (await fetch(`${site.url}/blog`)).text()).window.document;
    const card = [...list.querySelectorAll('.post-card')].find(
      (article) => article.querySelector('.post-card-title')!.textContent === commented.title,
    )!;
    expect(card.querySelector('.post-card-date')!.textContent).toMatch(/ min read · 2 comments$/);
    await gotoApp(page, `${site.url}/blog/${commented.slug}`);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await axeViolations(page)).toEqual([]);
    }
    expect(site.problems).toEqual([]);
  });
});
