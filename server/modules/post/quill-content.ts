// The REST facade answers in the original client's words: that client edits with Quill 1.3.7, whose
// CSS and editor know ql-align-*, ql-indent-N, flat lists and <pre class="ql-syntax">, not the
// editor's align-*, indent-N, nested lists and pre > code. GraphQL, the pages and the feeds keep
// the stored HTML; the translation (both ways, one table) is kernel/quill-html.ts.
import { toQuillHtml } from '#kernel/quill-html.ts';
import { contentWindow } from './sanitize-html.ts';

/** What the translation changes: a class, a list or a code block. Content without any is as Quill writes it. */
const QUILL_NAMED = /class="|<ol>|<ul>|<pre>/;

/** Stored post content as Quill 1.3.7 writes the same document. */
export function quillContent(html: string): string {
  if (!QUILL_NAMED.test(html)) return html;
  const root = contentWindow().document.createElement('div');
  root.innerHTML = html;
  toQuillHtml(root);
  return root.innerHTML;
}
