// Pictures in a post's text against the server's own sanitizer and the editor's writer and reader:
// a figure of this site's uploads survives editor -> server -> editor byte for byte, gets its
// variants, reserved space and lazy loading, and any other image source is refused.
import { JSDOM } from 'jsdom';
import { createEditor, Editor, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { describe, expect, it } from 'vitest';
import { insertPicture } from '../../client/src/components/rich-text-editor/editor-commands.ts';
import { htmlToSlate } from '../../client/src/components/rich-text-editor/html-deserialize.ts';
import { slateToHtml } from '../../client/src/components/rich-text-editor/html-serialize.ts';
import { withRichText } from '../../client/src/components/rich-text-editor/rich-text-plugin.ts';
import type { PictureElement, RichTextEditor } from '../../client/src/components/rich-text-editor/rich-text-types.ts';
import { displaySanitizer, sanitizeContent } from '../../server/modules/post/sanitize-html.ts';
import {
  CONTENT_PICTURE_SIZES,
  contentAddressOf,
  contentSrcsetOf,
  figureHtml,
  uploadKeysIn,
  type PictureImage,
} from '#kernel/content-pictures.ts';
import { isBlankHtml } from '#kernel/post-rules.ts';
import { excerptOf, wordCountOf } from '#kernel/reading-rules.ts';

const parser = new new JSDOM('').window.DOMParser();
const read = (html: string) => htmlToSlate(html, parser);

const KEY = 'ab'.repeat(16);
const STORED: PictureImage = { storageKey: KEY, width: 1600, height: 900, variantWidths: [480, 720, 960, 1600] };
const known = (key: string) => (key === KEY ? STORED : undefined);
const store = (html: string) => sanitizeContent(html, known);
const SRC = `/uploads/ab/${KEY}-1600.webp`;

const picture = (fields: Partial<PictureElement> = {}): PictureElement => ({
  type: 'picture',
  ...STORED,
  alt: 'Link on the Great Plateau',
  caption: 'The first view: the whole map at once',
  children: [{ text: '' }],
  ...fields,
});

function editorWith(value: Descendant[]): RichTextEditor {
  const editor = withRichText(withHistory(createEditor()) as RichTextEditor);
  editor.children = structuredClone(value);
  Editor.normalize(editor, { force: true });
  return editor;
}

describe('a picture in the text', () => {
  it("is named below /uploads/ even when the API gave a bucket's or a CDN's address (UPLOADS_PUBLIC_URL)", () => {
    const cdn = 'https://images.example.com/blog';
    expect(contentAddressOf(`${cdn}/ab/${KEY}-1600.webp`)).toBe(SRC);
    expect(contentAddressOf(SRC)).toBe(SRC);
    expect(contentSrcsetOf(`${cdn}/ab/${KEY}-480.webp 480w, ${cdn}/ab/${KEY}-1600.webp 1600w`)).toBe(
      `/uploads/ab/${KEY}-480.webp 480w, ${SRC} 1600w`,
    );
    // Anything that is not a stored image's file stays as it is, for the sanitizer to refuse.
    expect(contentAddressOf('https://elsewhere.example/cat.webp')).toBe('https://elsewhere.example/cat.webp');
    expect(
      store(figureHtml({ ...STORED, alt: 'A', caption: '' }).replaceAll(SRC, `${cdn}/ab/${KEY}-1600.webp`)),
    ).not.toContain(cdn);
  });

  it('is written as a figure with its variants, sizes, reserved space, lazy loading, alt text and caption', () => {
    const html = slateToHtml([picture()]);
    const document = new JSDOM(html).window.document;
    const img = document.querySelector('figure > img')!;
    expect(img.getAttribute('src')).toBe(SRC);
    expect(img.getAttribute('srcset')).toBe(
      [480, 720, 960, 1600].map((w) => `/uploads/ab/${KEY}-${w}.webp ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe(CONTENT_PICTURE_SIZES);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
    expect(img.getAttribute('alt')).toBe('Link on the Great Plateau');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(document.querySelector('figure > figcaption')?.textContent).toBe('The first view: the whole map at once');
  });

  it('round-trips editor -> server -> editor unchanged, with and without a caption, between other blocks', () => {
    const value: Descendant[] = [
      { type: 'paragraph', children: [{ text: 'Before & after' }] },
      picture({ alt: 'Quotes "and" ampersands & co' }),
      picture({ caption: '' }),
      { type: 'paragraph', children: [{ text: 'The end.' }] },
    ];
    const html = slateToHtml(value);
    const stored = store(html);
    expect(stored, 'the server keeps everything the editor writes').toBe(html);
    expect(slateToHtml(editorWith(read(stored)).children), 'read back and written again').toBe(html);
    expect(displaySanitizer()(stored), 'shown in a browser').toBe(stored);
    expect(store(stored), 'stored again').toBe(stored);
    expect(html).not.toContain('<figcaption></figcaption>');
  });

  it('takes its size and variants from the stored image, whatever the img said', () => {
    const forged = `<figure><img src="${SRC}" srcset="${SRC} 1600w, https://evil.test/x.webp 480w" width="5" height="5000" alt="x" onerror="alert(1)" class="align-center" style="position:fixed"></figure>`;
    expect(store(forged)).toBe(figureHtml({ ...STORED, alt: 'x', caption: '' }));
  });

  it.for([
    [
      'another site',
      '<figure><img src="http://elsewhere.test/cat.jpg" alt="a cat"><figcaption>Cat</figcaption></figure>',
    ],
    ['data:', '<figure><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"></figure>'],
    ['javascript:', '<figure><img src="javascript:alert(1)" alt="x"></figure>'],
    ['protocol-relative', `<figure><img src="//elsewhere.test/uploads/ab/${KEY}-1600.webp" alt="x"></figure>`],
    ['an absolute address of the uploads', `<figure><img src="https://elsewhere.test${SRC}" alt="x"></figure>`],
    ['a key that is not stored', `<figure><img src="/uploads/cd/${'cd'.repeat(16)}-1600.webp" alt="x"></figure>`],
    ['a key under the wrong folder', `<figure><img src="/uploads/cd/${KEY}-1600.webp" alt="x"></figure>`],
    ['another file type', `<figure><img src="/uploads/ab/${KEY}-1600.svg" alt="x"></figure>`],
  ])('refuses an image from %s', ([, html]) => {
    const stored = store(`<p>Words.</p>${html}`);
    expect(stored).not.toContain('<img');
    expect(stored).not.toContain('<figure');
    expect(displaySanitizer()(`<p>Words.</p>${html}`)).not.toMatch(/elsewhere|data:|javascript:/);
  });

  it('drops an img outside a figure, and keeps the words of a figure without a picture', () => {
    const stored = store(
      `<p>See <img src="${SRC}" alt="inline"> here</p><figure><blockquote><p>A quote</p></blockquote><figcaption>Someone</figcaption></figure>`,
    );
    expect(stored).toBe('<p>See  here</p><blockquote><p>A quote</p></blockquote>');
  });

  it('keeps a caption as plain text only', () => {
    const stored = store(
      `<figure><img src="${SRC}" alt="a"><figcaption><strong>Bold</strong> <a href="/x">link</a></figcaption></figure>`,
    );
    expect(stored).toContain('<figcaption>Bold link</figcaption>');
  });

  it('opens from the server as a picture block, and a foreign img opens as nothing', () => {
    const stored = store(slateToHtml([picture()]));
    expect(read(stored)).toEqual([picture()]);
    expect(read('<p>a</p><img src="http://elsewhere.test/x.png"><p>b</p>').some((node) => 'storageKey' in node)).toBe(
      false,
    );
  });

  it('is inserted by the editor after the block at the cursor', () => {
    const editor = editorWith([{ type: 'paragraph', children: [{ text: 'Intro' }] }]);
    editor.selection = { anchor: { path: [0, 0], offset: 5 }, focus: { path: [0, 0], offset: 5 } };
    insertPicture(editor, STORED);
    expect(editor.children.map((node) => ('type' in node ? node.type : ''))).toEqual([
      'paragraph',
      'picture',
      'paragraph',
    ]);
    expect(slateToHtml(editor.children)).toContain(`<figure><img src="${SRC}"`);
  });

  it('counts as content, names its stored image, and its caption stays out of excerpts and word counts', () => {
    const html = store(slateToHtml([picture()]));
    expect(isBlankHtml(html)).toBe(false);
    expect(uploadKeysIn(html)).toEqual([KEY]);
    const withWords = store(`<p>One two three.</p>${html}`);
    expect(excerptOf(withWords)).toBe('One two three.');
    expect(wordCountOf(withWords)).toBe(3);
  });
});
