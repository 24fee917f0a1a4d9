// The editor as a blogger uses it, in a real browser against the real server: Markdown and keyboard
// shortcuts for subheadings, code and dividers, saved and shown on the post page with linkable
// headings and server-side highlighting; a pasted Markdown text; the writing column as wide as the
// published post in an editor as wide as the form, tall from the start; the caret never under the
// pinned toolbar; live counters; a toolbar that wraps on a 320 and a 390 px phone; and tables, made
// and pasted, shown on a phone in a box of their own, with or without JavaScript.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminTests, footer, imageFiles, toast } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { axeViolations } from './support/axe.ts';
import { boxes, sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Ada', height: 900, images }, (opened) => (site = opened));

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

async function openNewPost(page: Page) {
  await footer(page).getByRole('link', { name: 'Create blog' }).click();
  await expect.poll(() => h1Text(page)).toBe('New post');
  await editor(page).waitFor();
}

/** A new game post with its picture, title and subtitle filled in, and the caret in its empty content. */
async function startGamePost(
  page: Page,
  post: { picture: { name: string; width: number; height: number }; title: string; subtitle: string },
) {
  await openNewPost(page);
  await page.getByLabel('Image').setInputFiles(await images.write(post.picture));
  await page.getByLabel('Title', { exact: true }).fill(post.title);
  await page.getByLabel('Subtitle').fill(post.subtitle);
  await page.getByLabel('Category').selectOption({ label: 'Game' });
  const content = editor(page);
  await content.click();
  return content;
}

/** Submits the new post form and waits for the post's page, at /blog/{slug}. */
async function submitNewPost(page: Page, slug: string) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Blogpost has been created').waitFor();
  await expect.poll(() => pathOf(page)).toBe(`/blog/${slug}`);
}

/**
 * Pastes as the system clipboard would: a paste event carrying these types, then, when nothing took
 * it, the beforeinput event through which Chromium hands a paste of HTML to the editor.
 */
async function paste(page: Page, data: Record<string, string>) {
  await editor(page).evaluate((element, types) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(types)) transfer.setData(type, value);
    const init = { bubbles: true, cancelable: true };
    if (!element.dispatchEvent(new ClipboardEvent('paste', { ...init, clipboardData: transfer }))) return;
    element.dispatchEvent(
      new InputEvent('beforeinput', { ...init, inputType: 'insertFromPaste', dataTransfer: transfer }),
    );
  }, data);
}

describe('writing a rich post', () => {
  it('Markdown and shortcuts make subheadings, code and a divider; the post page links to its headings and shows code highlighted', async () => {
    const { page } = site;
    const content = await startGamePost(page, {
      picture: { name: 'review.png', width: 1600, height: 900 },
      title: 'Tunic, Reviewed',
      subtitle: 'A fox and a manual',
    });
    await page.keyboard.type('## The verdict');
    await content.locator('h2', { hasText: 'The verdict' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Press `Tab` for the **manual**, _slowly_.');
    await content.locator('code', { hasText: 'Tab' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Alt+3');
    expect(await toolbar(page).getByRole('button', { name: 'Subheading' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('The verdict');
    await page.keyboard.press('Enter');
    await page.keyboard.type('---');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```js');
    await page.keyboard.press('Enter');
    await page.keyboard.type('const fox = "hero";');
    expect(await content.getByRole('combobox', { name: 'Code language' }).inputValue()).toBe('javascript');
    // Twice Enter at the end leaves the code block.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The end.');

    await submitNewPost(page, 'tunic-reviewed');

    const stored = await site.t.db.prisma.post.findFirstOrThrow({ where: { title: 'Tunic, Reviewed' } });
    expect(stored.content).toBe(
      '<h2 id="the-verdict">The verdict</h2>' +
        '<p>Press <code>Tab</code> for the <strong>manual</strong>, <em>slowly</em>.</p>' +
        '<h3 id="the-verdict-2">The verdict</h3><hr>' +
        '<pre><code class="language-javascript"><span class="hljs-keyword">const</span> fox = ' +
        '<span class="hljs-string">"hero"</span>;</code></pre><p>The end.</p>',
    );

    const article = page.locator('.post-content');
    await article.locator('h2#the-verdict').waitFor();
    expect(await article.locator('h3').getAttribute('id')).toBe('the-verdict-2');
    expect(await article.locator('hr').count()).toBe(1);
    // Highlighted by the server's colours, with no highlighter in the page.
    const keyword = article.locator('pre .hljs-keyword');
    expect(await keyword.textContent()).toBe('const');
    expect(await keyword.evaluate((element) => getComputedStyle(element).color)).not.toBe(
      await article.locator('pre code').evaluate((element) => getComputedStyle(element).color),
    );
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.filter((name) => /highlight|hljs|marked/i.test(name))).toEqual([]);
    // The block's language shows above it, and each subheading ends with a link to itself: both in
    // the page the server sends, before any script runs.
    const label = article.locator('.code-block > .code-language');
    expect(await label.textContent()).toBe('JavaScript');
    const labelBox = (await label.boundingBox())!;
    expect(labelBox.y + labelBox.height).toBeLessThanOrEqual((await article.locator('pre').boundingBox())!.y + 1);
    const anchor = article.locator('h2#the-verdict').getByRole('link', { name: 'Link to this section' });
    expect(await anchor.getAttribute('href')).toBe('#the-verdict');
    const served = await (await site.t.request('/blog/tunic-reviewed')).text();
    expect(served).toContain('<span class="code-language">JavaScript</span><pre><code class="language-javascript">');
    expect(served).toContain(
      '<a class="heading-anchor" href="#the-verdict-2" aria-label="Link to this section">#</a></h3>',
    );
    await anchor.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#the-verdict');

    // A link to a section opens the page at that heading (a short page scrolls only as far as it can).
    await page.goto(`${site.url}/blog/tunic-reviewed#the-verdict-2`);
    const heading = page.locator('.post-content h3#the-verdict-2');
    await heading.waitFor();
    expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe('the-verdict-2');
    expect(await heading.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(
      true,
    );
    expect(site.problems).toEqual([]);
  });

  it("pasted Markdown becomes the editor's own headings, lists, links and code, with no empty gaps", async () => {
    const { page } = site;
    await openNewPost(page);
    await editor(page).click();
    await paste(page, {
      'text/plain':
        '# Notes\n\n\n\nA [link](https://example.com/) and **bold**.\n\n- one\n- two\n\n```\nplain code\n```\n',
    });
    const content = editor(page);
    await content.locator('h2', { hasText: 'Notes' }).waitFor();
    expect(await content.getByRole('link', { name: 'link' }).getAttribute('href')).toBe('https://example.com/');
    expect(await content.getByRole('listitem').allTextContents()).toEqual(['one', 'two']);
    expect(await content.locator('pre').textContent()).toContain('plain code');
    expect(await content.locator('p').filter({ hasText: /^\s*$/ }).count()).toBeLessThanOrEqual(1);
    expect(site.problems).toEqual([]);
  });

  it('undo right after a Markdown shortcut gives back the typed marker, space included', async () => {
    const { page } = site;
    await openNewPost(page);
    const content = editor(page);
    await content.click();
    await page.keyboard.type('## ');
    await content.locator('h2').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => content.locator('h2').count()).toBe(0);
    expect(await content.locator('p').first().textContent()).toBe('## ');
    // Typing on goes on after the marker, as plain text.
    await page.keyboard.type('2 is my pick');
    expect(await content.locator('p').first().textContent()).toBe('## 2 is my pick');
    expect(site.problems).toEqual([]);
  });

  it('counts the title and subtitle against their limit and the words of the text as they are typed', async () => {
    const { page } = site;
    await openNewPost(page);
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('A'.repeat(44));
    await page.getByText('44 of 45 characters').waitFor();
    await title.press('End');
    await page.keyboard.type('BC');
    const over = page.getByText('46 of 45 characters');
    await over.waitFor();
    expect(await over.getAttribute('class')).toContain('form-count-over');
    await editor(page).click();
    await page.keyboard.type('Three short words');
    await page.getByText('3 words · 1 min read').waitFor();
    expect(site.problems).toEqual([]);
  });
});

describe('pictures in the text', () => {
  it('a picture put in by the button and one pasted get alt text and a caption; the post shows them as figures with their variants', async () => {
    const { page } = site;
    const content = await startGamePost(page, {
      picture: { name: 'cover.png', width: 1200, height: 675 },
      title: 'Outer Wilds, in Pictures',
      subtitle: 'Twenty-two minutes',
    });
    await page.keyboard.type('The sun, just before.');

    // By the toolbar's button: a file chooser.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      toolbar(page).getByRole('button', { name: 'Picture' }).click(),
    ]);
    await chooser.setFiles(await images.write({ name: 'sun.png', width: 1000, height: 500 }));
    const first = content.locator('figure').first();
    await first.locator('img').waitFor();
    // Until it has a text alternative, the picture says what it needs.
    await first.getByText('Describe the picture for readers who cannot see it').waitFor();
    await first.getByLabel('Alt text').fill('The sun swelling over Timber Hearth');
    await first.getByLabel('Caption (optional)').fill('Minute twenty-one');
    expect(await first.getByText('Describe the picture for readers who cannot see it').count()).toBe(0);

    // By a paste: a screenshot on the clipboard.
    await content.locator('p', { hasText: 'The sun, just before.' }).click();
    await page.keyboard.press('End');
    const pasted = await readFile(await images.write({ name: 'paste.png', width: 640, height: 480 }));
    await content.evaluate(
      (element, bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      [...pasted],
    );
    await expect.poll(() => content.locator('figure img').count()).toBe(2);
    const second = content.locator('figure').first();
    await second.getByLabel('Alt text').fill('The ship on its launch pad');

    await submitNewPost(page, 'outer-wilds-in-pictures');

    const figures = page.locator('.post-content figure');
    await expect.poll(() => figures.count()).toBe(2);
    const shown = await figures.evaluateAll((elements) =>
      elements.map((figure) => {
        const img = figure.querySelector('img')!;
        return {
          alt: img.alt,
          srcset: img.getAttribute('srcset'),
          sizes: img.getAttribute('sizes'),
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.getAttribute('loading'),
          decoding: img.getAttribute('decoding'),
          caption: figure.querySelector('figcaption')?.textContent ?? null,
        };
      }),
    );
    expect(shown).toEqual([
      expect.objectContaining({ alt: 'The ship on its launch pad', width: '640', height: '480', caption: null }),
      expect.objectContaining({
        alt: 'The sun swelling over Timber Hearth',
        width: '1000',
        height: '500',
        caption: 'Minute twenty-one',
        loading: 'lazy',
        decoding: 'async',
      }),
    ]);
    expect(shown[1]!.srcset).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}-480\.webp 480w, .*-1000\.webp 1000w$/);
    expect(shown[1]!.sizes).toBe('(min-width: 44rem) 664px, calc(100vw - 2.5rem)');
    // The picture is this site's own upload, and it loads.
    const loaded = page.locator('.post-content figure img').last();
    await loaded.scrollIntoViewIfNeeded();
    await expect
      .poll(() => loaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    const post = await site.t.db.prisma.post.findFirstOrThrow({ where: { slug: 'outer-wilds-in-pictures' } });
    expect(await site.t.db.prisma.postPicture.count({ where: { postId: post.id } })).toBe(2);
    expect(site.problems).toEqual([]);
  });
});

describe('pictures in the text, dropped', () => {
  it('a picture file dropped on the text is uploaded and put where it was dropped', async () => {
    const { page } = site;
    await openNewPost(page);
    const content = editor(page);
    await content.click();
    await page.keyboard.type('Above the picture');
    const target = content.locator('p', { hasText: 'Above the picture' });
    const box = (await target.boundingBox())!;
    const bytes = await readFile(await images.write({ name: 'drop.png', width: 500, height: 300 }));
    await target.evaluate(
      (element, { data, x, y }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], 'drop.png', { type: 'image/png' }));
        const init = { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: x, clientY: y };
        element.dispatchEvent(new DragEvent('dragover', init));
        element.dispatchEvent(new DragEvent('drop', init));
      },
      { data: [...bytes], x: box.x + box.width - 2, y: box.y + box.height / 2 },
    );
    const dropped = content.locator('figure img');
    await dropped.waitFor();
    expect(await dropped.getAttribute('width')).toBe('500');
    // After the paragraph it was dropped on.
    const order = await content.evaluate((element) =>
      Array.from(element.querySelectorAll('p, figure'), (node) =>
        node.nodeName === 'P' ? node.textContent : 'figure',
      ),
    );
    expect(order.slice(0, 2)).toEqual(['Above the picture', 'figure']);
    expect(await dropped.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}-500\.webp$/);
    expect(site.problems).toEqual([]);
  });
});

describe('the editing surface', () => {
  it('writes in a column as wide as the published post, tall from the start', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Width reference', content: '<p>Some words.</p>' });
    await page.goto(`${site.url}/blog/${post.slug}`);
    const postWidth = await page.locator('.post-content').evaluate((element) => element.getBoundingClientRect().width);

    await page.goto(site.url);
    await openNewPost(page);
    const textWidth = await editor(page).evaluate((element) => {
      const style = getComputedStyle(element);
      return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    });
    expect(Math.abs(textWidth - postWidth)).toBeLessThanOrEqual(2);
    // ...in an editor as wide as the form's other fields.
    const titleWidth = (await page.getByLabel('Title', { exact: true }).boundingBox())!.width;
    const editorWidth = (await page.locator('.rte').boundingBox())!.width;
    expect(Math.abs(editorWidth - titleWidth)).toBeLessThanOrEqual(1);

    const emptyHeight = (await editor(page).boundingBox())!.height;
    expect(emptyHeight).toBeGreaterThanOrEqual(300);
    await editor(page).click();
    await page.keyboard.type('x');
    expect((await editor(page).boundingBox())!.height).toBe(emptyHeight);
    expect(site.problems).toEqual([]);
  });

  it('keeps the caret below the pinned toolbar and inside the window while typing and moving through a long text', async () => {
    const { page } = site;
    await openNewPost(page);
    await editor(page).click();
    /** Where the caret is against the toolbar's bottom edge and the window's (the toolbar pinned or not). */
    const caret = () =>
      page.evaluate(() => {
        const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
        const bar = document.querySelector('[role="toolbar"]')!.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, barBottom: bar.bottom, windowBottom: window.innerHeight };
      });
    const clear = async () => {
      const { top, bottom, barBottom, windowBottom } = await caret();
      return top >= barBottom && bottom <= windowBottom;
    };
    // Typed line after line past the window's bottom: the page follows the caret. (Line 11 is a
    // subheading, where the arrow keys below stop.)
    for (let line = 1; line <= 30; line += 1) {
      await page.keyboard.type(`${line === 11 ? '## ' : ''}Line ${line} of a long text`);
      await page.keyboard.press('Enter');
      await expect.poll(clear, { message: `after line ${line}` }).toBe(true);
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Moved up line by line with the arrow key, the caret stays below the toolbar.
    for (let step = 1; step <= 20; step += 1) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(clear, { message: `after ${step} lines up` }).toBe(true);
    }
    // Once the editor has followed the caret to the subheading (the toolbar says so: until then it
    // may still bring the caret into sight, after the scroll below on a busy machine), scrolled so
    // that the caret's line is under the pinned toolbar, a typed letter brings it out.
    const heading = toolbar(page).getByRole('button', { name: 'Heading', exact: true });
    await expect.poll(() => heading.getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(() => {
      const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
      window.scrollBy({ top: rect.top - 10, behavior: 'instant' });
    });
    expect(await clear()).toBe(false);
    await page.keyboard.type('x');
    await expect.poll(clear).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it('on a 320 and a 390 px phone, the toolbar wraps: every button is in sight and works, and nothing scrolls sideways', async () => {
    const { page } = site;
    try {
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${site.url}/new`);
        await editor(page).waitFor();
        const bar = toolbar(page);
        expect(await sidewaysScroll(page), `${width} px`).toBe(0);
        expect(await bar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
        const buttons = bar.getByRole('button');
        expect(await buttons.count()).toBe(22);
        for (const box of await boxes(buttons)) {
          expect(box.left, `${box.name} at ${width} px`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
          expect(box.height, box.name).toBeGreaterThanOrEqual(40);
        }
        // Visible, not covered and enabled: a click on any of them would land.
        for (const button of await buttons.all()) await button.click({ trial: true });
        // The last ones, off the screen in a one-row toolbar, do their work.
        await editor(page).click();
        await page.keyboard.type('A word');
        const chooser = page.waitForEvent('filechooser');
        await bar.getByRole('button', { name: 'Picture' }).click();
        await chooser;
        // (The form keeps what was typed at the other width: one more divider than it had.)
        const dividers = await editor(page).locator('hr').count();
        await bar.getByRole('button', { name: 'Divider' }).click();
        await expect.poll(() => editor(page).locator('hr').count()).toBe(dividers + 1);
        await bar.getByRole('button', { name: 'Link' }).click();
        const linkForm = page.getByRole('dialog', { name: 'Add a link' });
        await linkForm.getByRole('button', { name: 'Cancel' }).click();
        await linkForm.waitFor({ state: 'detached' });
        // Scrolled down the form, the toolbar stays with the text instead of covering the screen.
        expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
      }
      expect(site.problems).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('tables', () => {
  it('a table made with the toolbar, Tab and its controls at 390 px, and one pasted from a web page, saved as tables', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openNewPost(page);
      await page.getByLabel('Image').setInputFiles(await images.write({ name: 'specs.png', width: 1600, height: 900 }));
      await page.getByLabel('Title', { exact: true }).fill('Quokka Specs');
      await page.getByLabel('Subtitle').fill('Side by side');
      await page.getByLabel('Category').selectOption({ label: 'Game' });
      const content = editor(page);
      await content.click();
      await page.keyboard.type('Specs:');
      await page.keyboard.press('Enter');
      const tableButton = toolbar(page).getByRole('button', { name: 'Table' });
      await tableButton.scrollIntoViewIfNeeded();
      await tableButton.click();
      await content.locator('table').waitFor();
      for (const line of [
        ['Model', 'Weight', 'Battery'],
        ['Quokka', '180 g', 'Twentyfourhours'],
        ['Wallaby', '250 g', 'Fortyeighthours'],
      ]) {
        for (const [index, text] of line.entries()) {
          await page.keyboard.type(text);
          if (index < line.length - 1) await page.keyboard.press('Tab');
        }
        if (line[0] !== 'Wallaby') await page.keyboard.press('Tab');
      }
      const tools = content.getByRole('group', { name: 'Table' });
      await tools.getByRole('button', { name: 'Add column right' }).click();
      await page.keyboard.type('Extraordinarilylongcolourname');
      await tools.getByRole('button', { name: 'Add row below' }).click();
      await page.keyboard.type('Last');
      expect(await content.locator('tr').count()).toBe(4);
      expect(await content.locator('tr').first().locator('.rte-table-header').count()).toBe(4);

      // The controls are reached by keyboard: Shift+Tab from the first cell.
      await content.locator('td', { hasText: 'Model' }).click();
      await page.keyboard.press('Home');
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete table');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => content.locator('.rte-table-header').count()).toBe(0);
      const header = tools.getByRole('button', { name: 'Header row' });
      expect(await header.getAttribute('aria-pressed')).toBe('false');
      await header.click();
      await expect.poll(() => content.locator('.rte-table-header').count()).toBe(4);
      // ...and they fit the phone's screen, with nothing axe finds wrong.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);

      // A table pasted from a web page stays a table; its merged cells are split, and the author is told.
      await page.keyboard.press('Control+End');
      await page.keyboard.type('Units:');
      await content.locator('p', { hasText: 'Units:' }).waitFor();
      await paste(page, {
        'text/html':
          '<table class="wikitable"><tbody><tr><th>Year</th><th colspan="2">Units</th></tr><tr><td>2024</td><td>5</td><td>7</td></tr></tbody></table>',
        'text/plain': 'Year\tUnits\n2024\t5\t7',
      });
      await expect.poll(() => content.locator('table').count()).toBe(2);
      expect(await page.getByRole('status').filter({ hasText: 'Merged cells' }).textContent()).toBe(
        'Merged cells of the pasted table were split: each cell holds its own text now.',
      );

      await submitNewPost(page, 'quokka-specs');
      const stored = await site.t.db.prisma.post.findFirstOrThrow({ where: { title: 'Quokka Specs' } });
      expect(stored.content).toBe(
        '<p>Specs:</p><table><thead><tr><th>Model</th><th>Weight</th><th>Battery</th><th></th></tr></thead><tbody>' +
          '<tr><td>Quokka</td><td>180 g</td><td>Twentyfourhours</td><td></td></tr>' +
          '<tr><td>Wallaby</td><td>250 g</td><td>Fortyeighthours</td><td>Extraordinarilylongcolourname</td></tr>' +
          '<tr><td></td><td></td><td></td><td>Last</td></tr></tbody></table><p>Units:</p>' +
          '<table><thead><tr><th>Year</th><th>Units</th><th></th></tr></thead><tbody><tr><td>2024</td><td>5</td><td>7</td></tr></tbody></table>',
      );

      // Shown on the post page (its width, its own scrolling, the page's: the next test).
      await page.getByRole('region', { name: 'Table 2' }).waitFor();
      // Its empty header cell is an ordinary one there (a header names its column), and axe agrees.
      expect(await page.getByRole('region', { name: 'Table 1' }).getByRole('columnheader').allTextContents()).toEqual([
        'Model',
        'Weight',
        'Battery',
      ]);
      expect(await axeViolations(page)).toEqual([]);
      expect(site.problems).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('on a 390 px phone, a wide table scrolls inside its own box and the page does not, with or without JavaScript', async () => {
    const { page } = site;
    const cells = ['Console', 'Extraordinarily', 'Comprehensive', 'Specifications', 'Everywhere'];
    const row = (tag: string) => `<tr>${cells.map((cell) => `<${tag}>${cell}</${tag}>`).join('')}</tr>`;
    const post = await createPost(site.t, {
      title: 'A Wide Table',
      content: `<p>Before.</p><table><thead>${row('th')}</thead><tbody>${row('td')}</tbody></table><p>After.</p>`,
    });
    /** The page's table scrolls sideways in its box, and the page itself does not. */
    const expectScrollingTable = async (reader: Page) => {
      const box = reader.getByRole('region', { name: 'Table 1' });
      expect(await box.getByRole('columnheader').allTextContents()).toEqual(cells);
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    };
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${site.url}/blog/${post.slug}`);
      await expectScrollingTable(page);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        expect(await axeViolations(page), theme).toEqual([]);
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    const noScript = await openNoScriptBrowser();
    try {
      await noScript.page.setViewportSize({ width: 390, height: 844 });
      await noScript.page.goto(`${site.url}/blog/${post.slug}`);
      await expectScrollingTable(noScript.page);
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
    expect(site.problems).toEqual([]);
  });
});
