// Subheadings, inline code, code blocks, dividers, Markdown as it is typed and pastes, against the
// server's own sanitizer: what the editor writes is what the server stores (plus the server's
// highlighting), and what the server stores opens in the editor as the same document.
import { JSDOM } from 'jsdom';
import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { describe, expect, it } from 'vitest';
import {
  insertDivider,
  setCodeLanguage,
  toggleCodeBlock,
  toggleHeading,
  toggleMark,
} from '../../client/src/components/rich-text-editor/editor-commands.ts';
import { htmlToSlate } from '../../client/src/components/rich-text-editor/html-deserialize.ts';
import { slateToHtml } from '../../client/src/components/rich-text-editor/html-serialize.ts';
import { pastedFragment } from '../../client/src/components/rich-text-editor/paste-content.ts';
import { withRichText } from '../../client/src/components/rich-text-editor/rich-text-plugin.ts';
import type {
  FormattedText,
  InlineNode,
  RichTextEditor,
  TopBlockElement,
} from '../../client/src/components/rich-text-editor/rich-text-types.ts';
import { displaySanitizer, sanitizeContent } from '../../server/modules/post/sanitize-html.ts';
import { headingIds } from '#kernel/heading-ids.ts';
import { excerptOf, wordCountOf } from '#kernel/reading-rules.ts';

const parser = new new JSDOM('').window.DOMParser();
const read = (html: string) => htmlToSlate(html, parser);

function editorWith(value: Descendant[]): RichTextEditor {
  const editor = withRichText(withHistory(createEditor()) as RichTextEditor);
  editor.children = structuredClone(value);
  Editor.normalize(editor, { force: true });
  return editor;
}

const editorFromHtml = (html: string) => editorWith(read(html));
const t = (text: string, marks: Partial<FormattedText> = {}): FormattedText => ({ text, ...marks });
const p = (children: InlineNode[]): TopBlockElement => ({ type: 'paragraph', children });

/** The highlighting the server adds, taken away: what the editor reads out of stored HTML. */
const withoutHighlighting = (html: string) => html.replace(/<span[^>]*>|<\/span>/g, '');

/**
 * Editor -> server -> editor: the server stores what the editor wrote (its code blocks highlighted),
 * the stored HTML opens as the same document, and storing it again changes nothing.
 */
function expectRoundTrip(value: Descendant[]): { html: string; stored: string } {
  const html = slateToHtml(value);
  const stored = sanitizeContent(html);
  expect(withoutHighlighting(stored), 'the server keeps everything the editor writes').toBe(html);
  expect(slateToHtml(editorFromHtml(stored).children), 'read back and written again').toBe(html);
  expect(sanitizeContent(stored), 'stored again').toBe(stored);
  // What a reader's browser (and the server's render of the page) makes of the stored HTML.
  expect(displaySanitizer()(stored), 'shown').toBe(stored);
  return { html, stored };
}

describe('the new elements, written, stored and read back', () => {
  it.each<[string, Descendant[], string]>([
    [
      'subheadings, with ids from their text',
      [
        { type: 'heading-two', children: [t('The verdict')] },
        p([t('Good.')]),
        { type: 'heading-three', align: 'center', children: [t('Écran & son '), t('final', { bold: true })] },
      ],
      '<h2 id="the-verdict">The verdict</h2><p>Good.</p>' +
        '<h3 class="align-center" id="ecran-son-final">Écran &amp; son <strong>final</strong></h3>',
    ],
    [
      'headings of one text, each its own id',
      [
        { type: 'heading-two', children: [t('Notes')] },
        { type: 'heading-three', children: [t('Notes')] },
        { type: 'heading-two', children: [t('Notes!')] },
      ],
      '<h2 id="notes">Notes</h2><h3 id="notes-2">Notes</h3><h2 id="notes-3">Notes!</h2>',
    ],
    [
      'inline code, innermost of the marks',
      [p([t('run '), t('npm ci', { code: true, bold: true }), t(' now')])],
      '<p>run <strong><code>npm ci</code></strong> now</p>',
    ],
    [
      'a code block without a language',
      [{ type: 'code-block', children: [t('a  <b>\n\tindented & kept\n')] }],
      '<pre><code>a  &lt;b&gt;\n\tindented &amp; kept\n</code></pre>',
    ],
    [
      'a divider',
      [p([t('before')]), { type: 'divider', children: [t('')] }, p([t('after')])],
      '<p>before</p><hr><p>after</p>',
    ],
  ])('%s', (_name, value, expected) => {
    expect(expectRoundTrip(value).html).toBe(expected);
  });

  it('a code block with a language: the server stores it highlighted, the editor reads the plain code', () => {
    const { html, stored } = expectRoundTrip([
      { type: 'code-block', language: 'typescript', children: [t('const answer: number = 42; // why\n')] },
    ]);
    expect(html).toBe('<pre><code class="language-typescript">const answer: number = 42; // why\n</code></pre>');
    expect(stored).toBe(
      '<pre><code class="language-typescript"><span class="hljs-keyword">const</span> <span class="hljs-attr">answer</span>: ' +
        '<span class="hljs-built_in">number</span> = <span class="hljs-number">42</span>; ' +
        '<span class="hljs-comment">// why</span>\n</code></pre>',
    );
  });

  it('gives every heading the id its text makes, whatever id was sent, and none to anything else', () => {
    expect(
      sanitizeContent('<h2 id="root">Root</h2><h2 id="x" class="evil">Main content</h2><p id="p">x</p><h3></h3>'),
    ).toBe('<h2 id="root-2">Root</h2><h2 id="main-content-2">Main content</h2><p>x</p><h3 id="section"></h3>');
    expect(headingIds(['Zelda: Tears of the Kingdom', '日本語の見出し', '🎮'])).toEqual([
      'zelda-tears-of-the-kingdom',
      '日本語の見出し',
      'section',
    ]);
  });

  it('keeps only known languages and highlighting spans inside code blocks', () => {
    expect(sanitizeContent('<pre class="ql-syntax" spellcheck="false">let x = 1;\n</pre>')).toBe(
      '<pre><code>let x = 1;\n</code></pre>',
    );
    expect(sanitizeContent('<pre><code class="language-cobol evil">MOVE 1 TO X</code></pre>')).toBe(
      '<pre><code>MOVE 1 TO X</code></pre>',
    );
    expect(sanitizeContent('<pre><code class="lang-py">x<br>y</code></pre>')).toBe(
      '<pre><code class="language-python">x\ny</code></pre>',
    );
    // Spans elsewhere are unwrapped; classes on inline code dropped.
    expect(sanitizeContent('<p><span class="hljs-keyword">a</span><code class="language-js">b</code></p>')).toBe(
      '<p>a<code>b</code></p>',
    );
    // Hostile spans sent inside a block are replaced by the server's own highlighting.
    expect(
      sanitizeContent('<pre><code class="language-json"><span class="btn" onclick="x()">{"a": 1}</span></code></pre>'),
    ).toBe(
      '<pre><code class="language-json"><span class="hljs-punctuation">{</span><span class="hljs-attr">"a"</span>' +
        '<span class="hljs-punctuation">:</span> <span class="hljs-number">1</span>' +
        '<span class="hljs-punctuation">}</span></code></pre>',
    );
  });

  it('makes the other heading levels of pasted or posted HTML its two', () => {
    expect(sanitizeContent('<h1>One</h1><h4>Four</h4><h6>Six</h6>')).toBe(
      '<h2 id="one">One</h2><h3 id="four">Four</h3><h3 id="six">Six</h3>',
    );
  });

  it('leaves no runs of empty paragraphs, none at the start or the end', () => {
    expect(sanitizeContent('<p><br></p><p>a</p><p><br></p><p>&nbsp;</p><p></p><p>b</p><p><br></p><p><br></p>')).toBe(
      '<p>a</p><p><br></p><p>b</p>',
    );
    expect(sanitizeContent('<p><br></p><p><br></p>')).toBe('<p><br></p>');
    // Once stored, the editor writes what was stored.
    expect(slateToHtml(read('<p>a</p><p><br></p><p>b</p>'))).toBe('<p>a</p><p><br></p><p>b</p>');
  });

  it('counts the words of code and headings, and never runs a heading into the next paragraph', () => {
    const html = sanitizeContent(
      '<h2>Verdict</h2><p>Great game</p><hr><pre><code class="language-js">let x</code></pre>',
    );
    expect(wordCountOf(html)).toBe(5);
    expect(excerptOf(html)).toBe('Verdict Great game let x');
  });
});

describe('the toolbar commands for the new elements', () => {
  const selectAll = (editor: RichTextEditor) =>
    Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });

  it('subheadings on and off, and out of a list', () => {
    const editor = editorFromHtml('<ul><li>Intro</li></ul>');
    selectAll(editor);
    toggleHeading(editor, 'heading-two');
    expect(expectRoundTrip(editor.children).html).toBe('<h2 id="intro">Intro</h2>');
    toggleHeading(editor, 'heading-three');
    expect(slateToHtml(editor.children)).toBe('<h3 id="intro">Intro</h3>');
    toggleHeading(editor, 'heading-three');
    expect(slateToHtml(editor.children)).toBe('<p>Intro</p>');
  });

  it('inline code, a code block made of the selected lines, its language, and back', () => {
    const editor = editorFromHtml('<p>let <strong>a</strong> = 1;</p><p>a += 1;</p>');
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 3 } });
    toggleMark(editor, 'code');
    expect(slateToHtml(editor.children)).toBe('<p><code>let</code> <strong>a</strong> = 1;</p><p>a += 1;</p>');
    selectAll(editor);
    toggleCodeBlock(editor);
    expect(expectRoundTrip(editor.children).html).toBe('<pre><code>let a = 1;\na += 1;</code></pre>');
    setCodeLanguage(editor, [0], 'javascript');
    expect(slateToHtml(editor.children)).toBe(
      '<pre><code class="language-javascript">let a = 1;\na += 1;</code></pre>',
    );
    toggleCodeBlock(editor);
    expect(slateToHtml(editor.children)).toBe('<p>let a = 1;<br>a += 1;</p>');
  });

  it('a divider after the line, the cursor on a new line after it', () => {
    const editor = editorFromHtml('<p>End of part one</p>');
    Transforms.select(editor, Editor.end(editor, []));
    insertDivider(editor);
    editor.insertText('Part two');
    expect(expectRoundTrip(editor.children).html).toBe('<p>End of part one</p><hr><p>Part two</p>');
  });

  it('Enter after a subheading starts a paragraph; in code it starts a line, twice at the end it leaves', () => {
    const editor = editorWith([{ type: 'heading-two', children: [t('Title')] }]);
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    editor.insertText('text');
    expect(slateToHtml(editor.children)).toBe('<h2 id="title">Title</h2><p>text</p>');

    const code = editorWith([{ type: 'code-block', children: [t('a')] }]);
    Transforms.select(code, Editor.end(code, []));
    code.insertBreak();
    code.insertText('b');
    code.insertBreak();
    code.insertBreak();
    code.insertText('after');
    expect(slateToHtml(code.children)).toBe('<pre><code>a\nb</code></pre><p>after</p>');
  });
});

describe('Markdown as it is typed', () => {
  /** Types the text into an empty editor, character by character, as a keyboard would. */
  function typed(...parts: Array<string | 'Enter'>): string {
    const editor = editorWith([p([t('')])]);
    Transforms.select(editor, Editor.end(editor, []));
    for (const part of parts) {
      if (part === 'Enter') editor.insertBreak();
      else for (const character of part) editor.insertText(character);
    }
    return slateToHtml(editor.children);
  }

  it.each([
    ['## ', ['## Verdict'], '<h2 id="verdict">Verdict</h2>'],
    ['### ', ['### Details'], '<h3 id="details">Details</h3>'],
    ['- ', ['- one', 'Enter', 'two'], '<ul><li>one</li><li>two</li></ul>'],
    ['* ', ['* one'], '<ul><li>one</li></ul>'],
    ['1. ', ['1. first', 'Enter', 'second'], '<ol><li>first</li><li>second</li></ol>'],
    ['> ', ['> quoted'], '<blockquote>quoted</blockquote>'],
    ['`code`', ['run `npm ci` now'], '<p>run <code>npm ci</code> now</p>'],
    ['**bold**', ['a **big** deal'], '<p>a <strong>big</strong> deal</p>'],
    ['_italic_', ['so _very_ good'], '<p>so <em>very</em> good</p>'],
    ['*italic*', ['so *very* good'], '<p>so <em>very</em> good</p>'],
    ['--- and Enter', ['above', 'Enter', '---', 'Enter', 'below'], '<p>above</p><hr><p>below</p>'],
    ['```ts and Enter', ['```ts', 'Enter', 'let x'], '<pre><code class="language-typescript">let x</code></pre>'],
  ])('%s', (_name, parts, expected) => {
    expect(typed(...(parts as Array<string | 'Enter'>))).toBe(expected);
  });

  it('leaves what only looks like Markdown as typed', () => {
    expect(typed('snake_case_name and 2*3*4')).toBe('<p>snake_case_name and 2*3*4</p>');
    expect(typed('see #2 and a-b')).toBe('<p>see #2 and a-b</p>');
  });

  it.each([
    ['## ', '<h2 id="section"><br></h2>', '<p>##&nbsp;</p>'],
    ['- ', '<ul><li><br></li></ul>', '<p>-&nbsp;</p>'],
    ['--- ', '<hr><p><br></p>', '<p>---&nbsp;</p>'],
    ['a **big**', '<p>a <strong>big</strong></p>', '<p>a **big**</p>'],
  ])('undo right after "%s" gives back what was typed, its last character included', (keys, made, undone) => {
    const editor = editorWith([p([t('')])]);
    Transforms.select(editor, Editor.end(editor, []));
    for (const character of keys) editor.insertText(character);
    expect(slateToHtml(editor.children)).toBe(made);
    editor.undo();
    expect(slateToHtml(editor.children)).toBe(undone);
  });
});

describe('pasting', () => {
  const clipboard = (data: Record<string, string>) => ({ getData: (type: string) => data[type] ?? '' });
  const pasted = (data: Record<string, string>) => {
    const fragment = pastedFragment(clipboard(data), parser);
    return fragment && slateToHtml(editorWith(fragment).children);
  };

  it('turns Markdown into headings, lists, links, emphasis, quotes and code, with no empty paragraphs', () => {
    const markdown = [
      '# Tears of the Kingdom',
      '',
      'A **great** game with _many_ [secrets](https://example.com/zelda).',
      '',
      '',
      '## What I liked',
      '',
      '- Ultrahand',
      '- The sky islands',
      '',
      '1. First',
      '2. Second',
      '',
      '> It is dangerous to go alone.',
      '',
      '```js',
      'const link = "hero";',
      '```',
      '',
      '---',
      '',
      'Use `Ctrl+S` to save.',
    ].join('\n');
    expect(pasted({ 'text/plain': markdown })).toBe(
      '<h2 id="tears-of-the-kingdom">Tears of the Kingdom</h2>' +
        '<p>A <strong>great</strong> game with <em>many</em> <a href="https://example.com/zelda" target="_blank" rel="noopener noreferrer">secrets</a>.</p>' +
        '<h2 id="what-i-liked">What I liked</h2>' +
        '<ul><li>Ultrahand</li><li>The sky islands</li></ul>' +
        '<ol><li>First</li><li>Second</li></ol>' +
        '<blockquote>It is dangerous to go alone.</blockquote>' +
        '<pre><code class="language-javascript">const link = "hero";\n</code></pre>' +
        '<hr>' +
        '<p>Use <code>Ctrl+S</code> to save.</p>',
    );
  });

  it('leaves plain text that is not Markdown to the editor as text', () => {
    expect(pastedFragment(clipboard({ 'text/plain': 'Just a sentence.\nAnd another.' }), parser)).toBeNull();
  });

  it("reads a word processor's HTML (Word) into headings, lists' text and emphasis, dropping its styles", () => {
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>' +
      '<!--StartFragment--><h1 style="margin-top:12pt"><span lang="EN-GB">Review<o:p></o:p></span></h1>' +
      '<p class="MsoNormal"><b><span style="font-size:12pt">Bold</span></b> and <i>italic</i> text<o:p></o:p></p>' +
      '<p class="MsoListParagraphCxSpFirst" style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·<span style="font:7pt">&nbsp;&nbsp; </span></span>Point one</p>' +
      '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>' +
      '<h2>Next</h2><!--EndFragment--></body></html>';
    const html = pasted({ 'text/html': word, 'text/plain': 'Review\nBold and italic text' })!;
    // Its spacing paragraphs are no gaps in the post.
    expect(html).toBe(
      '<h2 id="review">Review</h2><p><strong>Bold</strong> and <em>italic</em> text</p><p>Point one</p>' +
        '<h2 id="next">Next</h2>',
    );
    expect(sanitizeContent(html)).toBe(html);
  });

  it("reads a web page's HTML, keeping its structure and code and dropping the rest", () => {
    const page =
      '<meta charset="utf-8"><article class="post"><nav><a href="/">Home</a></nav>' +
      '<h2 class="title" id="x">Getting started</h2><p style="color:red">Install it with <code>npm i</code>:</p>' +
      '<div class="highlight"><pre class="language-bash"><span class="token">npm</span> install blog\n</pre></div>' +
      '<h4>Notes</h4><ul><li><a href="https://docs.example/">Docs</a></li></ul>' +
      '<blockquote><p>Worth it.</p></blockquote><img src="https://cdn.example/x.png"><button>Share</button>' +
      '<script>track()</script></article>';
    expect(pasted({ 'text/html': page, 'text/plain': 'Getting started' })).toBe(
      '<p><a href="/" target="_blank" rel="noopener noreferrer">Home</a></p>' +
        '<h2 id="getting-started">Getting started</h2><p>Install it with <code>npm i</code>:</p>' +
        '<pre><code class="language-bash">npm install blog\n</code></pre>' +
        '<h3 id="notes">Notes</h3><ul><li><a href="https://docs.example/" target="_blank" rel="noopener noreferrer">Docs</a></li></ul>' +
        '<blockquote>Worth it.</blockquote>',
    );
  });
});
