// What a post's page adds to its stored content: a label naming a code block's language, and a "#"
// link after each subheading to its own anchor. The stored content itself is left as it is.
import { describe, expect, it } from 'vitest';
import { decorateContent } from '#kernel/content-display.ts';
import { displaySanitizer, renderSanitizer, sanitizeContent } from '../../server/modules/post/sanitize-html.ts';

describe("a post page's content", () => {
  it('labels a code block with its language, above the block', () => {
    const stored = sanitizeContent(
      '<pre><code class="language-ts">const a = 1;</code></pre><pre><code>plain</code></pre>',
    );
    const shown = decorateContent(stored);
    expect(shown).toMatch(
      /^<div class="code-block"><span class="code-language">TypeScript<\/span><pre><code class="language-typescript">.*<\/code><\/pre><\/div><pre><code>plain<\/code><\/pre>$/,
    );
  });

  it('ends each subheading with a link to its own anchor, its class and text kept', () => {
    const stored = sanitizeContent('<h2 class="align-center">The <em>verdict</em></h2><h3>Notes</h3><p>Text</p>');
    expect(decorateContent(stored)).toBe(
      '<h2 class="align-center" id="the-verdict">The <em>verdict</em><a class="heading-anchor" href="#the-verdict" aria-label="Link to this section">#</a></h2>' +
        '<h3 id="notes">Notes<a class="heading-anchor" href="#notes" aria-label="Link to this section">#</a></h3><p>Text</p>',
    );
  });

  it('puts each table in a box of its own that scrolls sideways, named and reachable by keyboard', () => {
    const table = '<table><tbody><tr><td>a</td></tr></tbody></table>';
    const stored = sanitizeContent(`${table}<p>Between</p>${table}`);
    expect(decorateContent(stored)).toBe(
      `<div class="table-scroll" role="region" aria-label="Table 1" tabindex="0">${table}</div><p>Between</p>` +
        `<div class="table-scroll" role="region" aria-label="Table 2" tabindex="0">${table}</div>`,
    );
  });

  it('shows an empty header cell as an ordinary cell of the header row: a header names its column', () => {
    const stored = sanitizeContent('<table><thead><tr><th>Name</th><th></th></tr></thead></table>');
    expect(decorateContent(stored)).toContain('<thead><tr><th>Name</th><td></td></tr></thead>');
  });

  it('leaves content without code blocks or subheadings as it is', () => {
    const stored = sanitizeContent('<p>Just <code>inline</code> words.</p><hr>');
    expect(decorateContent(stored)).toBe(stored);
  });
});

describe("the page render's sanitizer, which remembers its answers", () => {
  const inputs = [
    '<p>Plain <strong>words</strong>.</p>',
    '<p onclick="alert(1)">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"></p>',
    '<h1>Top</h1><ul><li>a</li></ul><a href="javascript:alert(1)">link</a>',
  ];

  it('answers what the sanitizer answers, the first time and every time after', () => {
    const render = renderSanitizer();
    for (const html of inputs) {
      const expected = displaySanitizer()(html);
      expect(render(html)).toBe(expected);
      expect(render(html)).toBe(expected);
    }
    expect(render(inputs[1]!)).not.toMatch(/script|onclick|onerror|javascript/);
  });

  it('keeps answering correctly past its budget (older answers leave, nothing is mixed up)', () => {
    const render = renderSanitizer();
    // Some 6 MB of distinct posts, past the memo's 4: every answer is still its own post's.
    const big = (n: number) => `<p>Post ${n}: ${'word '.repeat(60_000)}</p><script>${n}</script>`;
    const expected = Array.from({ length: 10 }, (_, n) => displaySanitizer()(big(n)));
    expect(expected[0]).toMatch(/^<p>Post 0: word/);
    for (let n = 0; n < 10; n++) expect(render(big(n))).toBe(expected[n]);
    expect(render(big(0))).toBe(expected[0]);
    expect(render(big(9))).toBe(expected[9]);
  });
});
