// Subheadings, inline code, code blocks, dividers, Markdown as it is typed and pastes, against the
// server's own sanitizer: what the editor writes is what the server stores (plus the server's
// highlighting), and what the server stores opens in the editor as the same document.
import { JSDOM } from 'jsdom';
import { Editor, Transforms, type Descendant } from 'slate';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  insertDivider,
  setCodeLanguage,
  toggleCodeBlock,
  toggleHeading,
  toggleMark,
} from '../../client/src/components/rich-text-editor/editor-commands.ts';
import { slateToHtml } from '../../client/src/components/rich-text-editor/html-serialize.ts';
import { pastedContent, pastedFragment } from '../../client/src/components/rich-text-editor/paste-content.ts';
import type {
  InlineNode,
  RichTextEditor,
  TableCellElement,
  TableElement,
  TableRowElement,
} from '../../client/src/components/rich-text-editor/rich-text-types.ts';
import {
  deleteTable,
  deleteTableColumn,
  deleteTableRow,
  insertTable,
  insertTableColumn,
  insertTableRow,
  moveInTable,
  toggleHeaderRow,
} from '../../client/src/components/rich-text-editor/table-commands.ts';
import { displaySanitizer, sanitizeContent } from '../../server/modules/post/sanitize-html.ts';
import { headingIds } from '#kernel/heading-ids.ts';
import { excerptOf, wordCountOf } from '#kernel/reading-rules.ts';
import {
  editorFromHtml,
  editorWith,
  expectRoundTrip,
  expectWrittenAndKept,
  p,
  parser,
  read,
  t,
} from '../support/rich-text.ts';

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
    // Its spacing paragraphs are no gaps in the post.
    expectWrittenAndKept(
      pasted({ 'text/html': word, 'text/plain': 'Review\nBold and italic text' })!,
      '<h2 id="review">Review</h2><p><strong>Bold</strong> and <em>italic</em> text</p><p>Point one</p>' +
        '<h2 id="next">Next</h2>',
    );
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

describe('tables', () => {
  const clipboard = (data: Record<string, string>) => ({ getData: (type: string) => data[type] ?? '' });
  const cell = (children: InlineNode[], header = false): TableCellElement =>
    header ? { type: 'table-cell', header: true, children } : { type: 'table-cell', children };
  const row = (...cells: TableCellElement[]): TableRowElement => ({ type: 'table-row', children: cells });
  const table = (...rows: TableRowElement[]): TableElement => ({ type: 'table', children: rows });
  /** An editor holding this HTML, the caret at the start of the cell at [row, column] of its first table. */
  function inCell(html: string, rowIndex: number, column: number): RichTextEditor {
    const editor = editorFromHtml(html);
    const tableIndex = editor.children.findIndex((node) => 'type' in node && node.type === 'table');
    Transforms.select(editor, Editor.start(editor, [tableIndex, rowIndex, column]));
    return editor;
  }

  it('writes a header row in a thead and the rest in a tbody, marks, links and line breaks kept in cells', () => {
    const { stored } = expectRoundTrip([
      table(
        row(cell([t('Game')], true), cell([t('Score', { italic: true })], true)),
        row(
          cell([t(''), { type: 'link', url: 'https://zelda.example/', children: [t('Zelda', { bold: true })] }, t('')]),
          cell([t('10\nout of 10')]),
        ),
        row(cell([t('')]), cell([t(' spaced  out ')])),
      ),
      p([t('After')]),
    ]);
    expect(stored).toBe(
      '<table><thead><tr><th>Game</th><th><em>Score</em></th></tr></thead><tbody>' +
        '<tr><td><a href="https://zelda.example/" target="_blank" rel="noopener noreferrer"><strong>Zelda</strong></a></td><td>10<br>out of 10</td></tr>' +
        '<tr><td></td><td>&nbsp;spaced &nbsp;out&nbsp;</td></tr></tbody></table><p>After</p>',
    );
    // Without a header row: no thead; a table of only a header row: no tbody.
    expect(expectRoundTrip([table(row(cell([t('a')]), cell([t('b')]))), p([t('x')])]).stored).toBe(
      '<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table><p>x</p>',
    );
    expect(expectRoundTrip([table(row(cell([t('a')], true))), p([t('x')])]).stored).toBe(
      '<table><thead><tr><th>a</th></tr></thead></table><p>x</p>',
    );
  });

  it('normalizes a table: rectangular, a header row only first and whole, no stray children, a paragraph after', () => {
    const editor = editorWith([
      table(
        row(cell([t('h1')], true), cell([t('h2')])),
        row(cell([t('only one')], true)),
        { type: 'paragraph', children: [t('a row that was a paragraph')] } as unknown as TableRowElement,
        row(),
      ),
    ]);
    expect(slateToHtml(editor.children)).toBe(
      '<table><thead><tr><th>h1</th><th>h2</th></tr></thead><tbody><tr><td>only one</td><td></td></tr>' +
        '<tr><td>a row that was a paragraph</td><td></td></tr></tbody></table>',
    );
    // The paragraph after it, for the caret (written as nothing: the server would drop it).
    expect(editor.children[1]).toEqual({ type: 'paragraph', children: [{ text: '' }] });
    // A table without rows is no table; blocks pasted into a cell become its lines.
    expect(slateToHtml(editorWith([table(), p([t('x')])]).children)).toBe('<p>x</p>');
    const blocks = editorWith([
      table(row({ type: 'table-cell', children: [p([t('one')]), p([t('two', { bold: true })])] } as never)),
      p([t('')]),
    ]);
    expect(slateToHtml(blocks.children)).toBe(
      '<table><tbody><tr><td>one<br><strong>two</strong></td></tr></tbody></table>',
    );
  });

  it('reads a Google Docs table: colgroup, a tbody without thead, styles as marks, paragraphs in cells', () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><div dir="ltr" style="margin-left:0pt;" align="left">' +
      '<table style="border:none;border-collapse:collapse;"><colgroup><col width="200"><col width="200"></colgroup><tbody>' +
      '<tr style="height:0pt"><td style="border-left:solid #000000 1pt;padding:5pt;"><p dir="ltr" style="line-height:1.2;margin-top:0pt;">' +
      '<span style="font-size:11pt;font-family:Arial;font-weight:700;">Console</span></p></td>' +
      '<td style="border-left:solid #000000 1pt;"><p dir="ltr"><span style="font-weight:700;">Price</span></p></td></tr>' +
      '<tr style="height:0pt"><td><p dir="ltr"><span style="font-weight:400;">Switch</span></p><p dir="ltr"><span style="font-style:italic;font-weight:400;">OLED</span></p></td>' +
      '<td><p dir="ltr"><span style="font-weight:400;">349</span></p></td></tr></tbody></table></div></b>';
    const reading = pastedContent(clipboard({ 'text/html': docs, 'text/plain': 'Console\tPrice' }), parser)!;
    expect(reading.splitCells).toBe(false);
    expectWrittenAndKept(
      slateToHtml(editorWith(reading.nodes).children),
      '<table><tbody><tr><td><strong>Console</strong></td><td><strong>Price</strong></td></tr>' +
        '<tr><td>Switch<br><em>OLED</em></td><td>349</td></tr></tbody></table>',
    );
  });

  it('reads a Wikipedia table: caption, th header row, row headers, merged cells split, and says so', () => {
    const wiki =
      '<table class="wikitable sortable" style="text-align:center"><caption>Sales by <a href="/wiki/Region">region</a></caption>\n<tbody>' +
      '<tr>\n<th scope="col">Year</th>\n<th scope="col" colspan="2">Units</th>\n</tr>\n' +
      '<tr>\n<th scope="row" rowspan="2">2023</th>\n<td>1<sup id="cite_ref-1"><a href="#cite_note-1">[1]</a></sup></td>\n<td><ul><li>two</li><li>three</li></ul></td>\n</tr>\n' +
      '<tr>\n<td>4</td>\n<td>5</td>\n</tr>\n<tr><td>6</td></tr>\n</tbody></table><p>More text.</p>';
    const reading = pastedContent(clipboard({ 'text/html': wiki }), parser)!;
    expect(reading.splitCells).toBe(true);
    expectWrittenAndKept(
      slateToHtml(editorWith(reading.nodes).children),
      '<p>Sales by <a href="/wiki/Region" target="_blank" rel="noopener noreferrer">region</a></p>' +
        '<table><thead><tr><th>Year</th><th>Units</th><th></th></tr></thead><tbody>' +
        '<tr><td>2023</td><td>1<a href="#cite_note-1" target="_blank" rel="noopener noreferrer">[1]</a></td><td>two<br>three</td></tr>' +
        '<tr><td></td><td>4</td><td>5</td></tr><tr><td>6</td><td></td><td></td></tr></tbody></table><p>More text.</p>',
    );
  });

  it('a pasted table goes in place of an empty line; into a cell, its rows go as lines of text', () => {
    const data = (html: string) =>
      ({
        types: ['text/html'],
        getData: (type: string) => (type === 'text/html' ? html : ''),
      }) as unknown as DataTransfer;
    // The editor reads a paste with the page's DOMParser: jsdom's here.
    vi.stubGlobal('DOMParser', new JSDOM('').window.DOMParser);
    onTestFinished(() => void vi.unstubAllGlobals());
    const editor = editorWith([p([t('Intro')]), p([t('')])]);
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertData(data('<table><tr><th>Year</th><th>Units</th></tr><tr><td>2024</td><td>5</td></tr></table>'));
    const html =
      '<table><thead><tr><th>Year</th><th>Units</th></tr></thead><tbody><tr><td>2024</td><td>5</td></tr></tbody></table>';
    expect(slateToHtml(editor.children)).toBe(`<p>Intro</p>${html}`);
    // At the end of a line of text, it goes after the line, the line's text left alone.
    const line = editorWith([p([t('Units:')])]);
    Transforms.select(line, Editor.end(line, []));
    line.insertData(data('<table><tr><th>Year</th><th>Units</th></tr><tr><td>2024</td><td>5</td></tr></table>'));
    expect(slateToHtml(line.children)).toBe(`<p>Units:</p>${html}`);
    const cellEditor = inCell(html, 1, 1);
    cellEditor.insertData(data('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>'));
    expect(slateToHtml(cellEditor.children)).toBe(
      '<table><thead><tr><th>Year</th><th>Units</th></tr></thead><tbody><tr><td>2024</td><td>a b<br>c d5</td></tr></tbody></table>',
    );
  });

  it('turns a Markdown pipe table pasted as plain text into a table with a header row', () => {
    const markdown = '| Game | Score |\n|:-----|------:|\n| **Zelda** | 10 |\n| Mario | 9 |';
    const fragment = pastedFragment(clipboard({ 'text/plain': markdown }), parser)!;
    expect(slateToHtml(editorWith(fragment).children)).toBe(
      '<table><thead><tr><th>Game</th><th>Score</th></tr></thead><tbody>' +
        '<tr><td><strong>Zelda</strong></td><td>10</td></tr><tr><td>Mario</td><td>9</td></tr></tbody></table>',
    );
  });

  it('turns a typed header line, a delimiter row and Enter into a table, the caret in its first cell', () => {
    const editor = editorWith([p([t('')])]);
    Transforms.select(editor, Editor.end(editor, []));
    const type = (text: string) => {
      for (const character of text) editor.insertText(character);
    };
    type('| Name | Price |');
    editor.insertBreak();
    type('|---|---|');
    editor.insertBreak();
    type('Tea');
    expect(slateToHtml(editor.children)).toBe(
      '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Tea</td><td></td></tr></tbody></table>',
    );
  });

  it('inserts a 3x3 table with a header row; rows, columns, the header row and the table through the controls', () => {
    const editor = editorWith([p([t('Intro')])]);
    Transforms.select(editor, Editor.end(editor, []));
    insertTable(editor);
    const cells = (editor.children[1] as TableElement).children.map((line) => line.children.length);
    expect(cells).toEqual([3, 3, 3]);
    editor.insertText('A');
    expect(moveInTable(editor, 1)).toBe(true);
    editor.insertText('B');
    insertTableColumn(editor, 'right');
    editor.insertText('C');
    insertTableRow(editor, 'below');
    editor.insertText('D');
    toggleHeaderRow(editor);
    expect(slateToHtml(editor.children)).toBe(
      '<p>Intro</p><table><tbody><tr><td>A</td><td>B</td><td>C</td><td></td></tr><tr><td></td><td></td><td>D</td><td></td></tr>' +
        '<tr><td></td><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td><td></td></tr></tbody></table>',
    );
    toggleHeaderRow(editor);
    deleteTableRow(editor);
    deleteTableColumn(editor);
    expect(slateToHtml(editor.children)).toBe(
      '<p>Intro</p><table><thead><tr><th>A</th><th>B</th><th></th></tr></thead><tbody>' +
        '<tr><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td></tr></tbody></table>',
    );
    deleteTable(editor);
    expect(slateToHtml(editor.children)).toBe('<p>Intro</p><p><br></p>');
  });

  it('Tab in the last cell adds a row; Shift+Tab in the first leaves; Enter is a line break; Backspace stays in its cell', () => {
    const html = '<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table><p>after</p>';
    const editor = inCell(html, 0, 1);
    expect(moveInTable(editor, 1)).toBe(true);
    editor.insertText('c');
    expect(slateToHtml(editor.children)).toBe(
      '<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td><td></td></tr></tbody></table><p>after</p>',
    );
    const first = inCell(html, 0, 0);
    expect(moveInTable(first, -1)).toBe(false);
    const second = inCell(html, 0, 1);
    second.deleteBackward('character');
    second.insertBreak();
    second.insertText('x');
    expect(slateToHtml(second.children)).toBe(
      '<table><tbody><tr><td>a</td><td><br>xb</td></tr></tbody></table><p>after</p>',
    );
    // Enter at the very start of a table that opens the post makes a line above it.
    const top = inCell(html, 0, 0);
    top.insertBreak();
    top.insertText('Intro');
    expect(slateToHtml(top.children)).toBe(`<p>Intro</p>${html}`);
    // Backspace at the start of the paragraph after a table goes into the table, merging nothing.
    const after = editorFromHtml(html);
    Transforms.select(after, Editor.start(after, [1]));
    after.deleteBackward('character');
    after.insertText('!');
    expect(slateToHtml(after.children)).toBe(
      '<table><tbody><tr><td>a</td><td>b!</td></tr></tbody></table><p>after</p>',
    );
    // A selection across cells empties what it covers and merges no cells.
    const across = editorFromHtml(html);
    Transforms.select(across, { anchor: { path: [0, 0, 1, 0], offset: 0 }, focus: { path: [1, 0], offset: 2 } });
    across.deleteFragment();
    expect(slateToHtml(across.children)).toBe('<table><tbody><tr><td>a</td><td></td></tr></tbody></table><p>ter</p>');
    // A table the selection covers whole goes whole; a selection of everything leaves an empty line.
    const covered = editorFromHtml(`<p>before</p>${html}`);
    Transforms.select(covered, { anchor: Editor.start(covered, [1]), focus: { path: [2, 0], offset: 2 } });
    covered.deleteFragment();
    expect(slateToHtml(covered.children)).toBe('<p>before</p><p>ter</p>');
    const all = editorFromHtml(html);
    Transforms.select(all, { anchor: Editor.start(all, []), focus: Editor.end(all, []) });
    all.deleteFragment();
    expect(slateToHtml(all.children)).toBe('<p><br></p>');
  });

  it('stores only the table tags, without attributes; its words count apart, and search can find them', () => {
    const stored = sanitizeContent(
      '<table onclick="steal()" class="align-center" style="width:100%"><caption>Cap</caption>\n<thead><tr><th scope="col" style="color:red">Name</th></tr></thead>\n' +
        '<tbody><tr><td style="background:url(x)" colspan="2">Tea<script>steal()</script></td></tr></tbody><tfoot><tr><td>Total</td></tr></tfoot><tr></tr></table>',
    );
    expect(stored).toBe(
      '<p>Cap</p><table><thead><tr><th>Name</th></tr></thead><tbody><tr><td>Tea</td></tr><tr><td>Total</td></tr></tbody></table>',
    );
    expect(sanitizeContent(stored)).toBe(stored);
    expect(displaySanitizer()(stored)).toBe(stored);
    const words =
      '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Tea</td><td>3</td></tr></tbody></table>';
    expect(wordCountOf(words)).toBe(4);
    expect(excerptOf(words)).toBe('Name Price Tea 3');
  });
});
