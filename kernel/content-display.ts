// What a post's page adds to its sanitized content when it shows it, in the server's render and the
// browser's alike (the same function on both sides, so hydration finds the same HTML), without any
// script in the reader's page:
//   - a code block labelled with a language shows the language's name above it;
//   - each subheading ends with a "#" link to its own anchor, for readers to copy;
//   - each table sits in a box that scrolls sideways when the table is wider than the text (a
//     phone), so the page itself never does: a region with a name and a Tab stop, so that keyboard
//     users can scroll it too (axe's scrollable-region-focusable). A box around the table, not CSS
//     that makes the table itself a block, which some browsers no longer read out as a table; an
//     empty header cell is shown as an ordinary one (a header names its column: axe's
//     empty-table-header).
// Never stored: the editor, feeds and the API get the content as it is stored. Works on the
// sanitizer's output, whose shapes are fixed (content-sanitizer.ts): `<pre><code class="language-x">`,
// `<h2 id="...">` or `<h2 class="..." id="...">`, and `<table>`. Pure: no DOM, no Node imports.
import { CODE_LANGUAGES, isCodeLanguage } from './code-languages.ts';

const LABELLED_CODE_BLOCK = /<pre><code class="language-([a-z0-9]+)">([\s\S]*?)<\/code><\/pre>/g;
const SUBHEADING = /<(h[23])((?: class="[^"]*")?) id="([^"<>]+)">([\s\S]*?)<\/\1>/g;
// The sanitizer writes every table as a bare <table> (no attributes): tags, never text, look so.
const TABLE_START = /<table>/g;
const TABLE_END = /<\/table>/g;
// A header cell with nothing in it names no column: shown as an ordinary cell of the header row.
const EMPTY_HEADER_CELL = /<th><\/th>/g;

/** The box around the nth table (post-article.css): numbered, so no two regions share a name. */
function tableBox(n: number): string {
  return `<div class="table-scroll" role="region" aria-label="Table ${n}" tabindex="0">`;
}

/** The label a reader sees on a code block, the link beside each subheading, and each table's box. */
export function decorateContent(html: string): string {
  let tables = 0;
  return html
    .replace(LABELLED_CODE_BLOCK, (block, language: string) => {
      if (!isCodeLanguage(language)) return block;
      return `<div class="code-block"><span class="code-language">${escapeText(CODE_LANGUAGES[language])}</span>${block}</div>`;
    })
    .replace(SUBHEADING, (_heading, tag: string, classes: string, id: string, inner: string) => {
      const link = `<a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a>`;
      return `<${tag}${classes} id="${id}">${inner}${link}</${tag}>`;
    })
    .replace(TABLE_START, () => `${tableBox(++tables)}<table>`)
    .replace(TABLE_END, '</table></div>')
    .replace(EMPTY_HEADER_CELL, '<td></td>');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
