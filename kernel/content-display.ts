// What a post's page adds to its sanitized content when it shows it, in the server's render and the
// browser's alike (the same function on both sides, so hydration finds the same HTML), without any
// script in the reader's page:
//   - a code block labelled with a language shows the language's name above it;
//   - each subheading ends with a "#" link to its own anchor, for readers to copy.
// Never stored: the editor, feeds and the API get the content as it is stored. Works on the
// sanitizer's output, whose shapes are fixed (content-sanitizer.ts): `<pre><code class="language-x">`
// and `<h2 id="...">` or `<h2 class="..." id="...">`. Pure: no DOM, no Node imports.
import { CODE_LANGUAGES, isCodeLanguage } from './code-languages.ts';

const LABELLED_CODE_BLOCK = /<pre><code class="language-([a-z0-9]+)">([\s\S]*?)<\/code><\/pre>/g;
const SUBHEADING = /<(h[23])((?: class="[^"]*")?) id="([^"<>]+)">([\s\S]*?)<\/\1>/g;

/** The label a reader sees on a code block, and the link beside each subheading. */
export function decorateContent(html: string): string {
  return html
    .replace(LABELLED_CODE_BLOCK, (block, language: string) => {
      if (!isCodeLanguage(language)) return block;
      return `<div class="code-block"><span class="code-language">${escapeText(CODE_LANGUAGES[language])}</span>${block}</div>`;
    })
    .replace(SUBHEADING, (_heading, tag: string, classes: string, id: string, inner: string) => {
      const link = `<a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a>`;
      return `<${tag}${classes} id="${id}">${inner}${link}</${tag}>`;
    });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
