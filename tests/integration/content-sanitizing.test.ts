// Post content is sanitized on the server before it is stored, down to what the editor produces:
// hostile HTML sent straight to the API never comes back out.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_CLASSES } from '#kernel/content-rules.ts';
import { POST, POSTS, postInput, UPDATE_POST, uploadPost } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

const site = appWithAdmin();
let postId: string;
beforeAll(async () => {
  postId = (await uploadPost(site.t, site.admin)).body.data.createPost.id;
});

/** Saves the HTML as the post's content (through updatePost: no image to re-encode) and returns what was stored. */
async function stored(html: string): Promise<string> {
  const { data, errors } = await site.t.graphql(
    UPDATE_POST,
    { id: postId, input: postInput({ content: html }) },
    { cookie: site.admin },
  );
  if (errors) throw new Error(JSON.stringify(errors));
  const row = await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: postId } });
  expect(data.updatePost.content).toBe(row.content);
  return row.content;
}

/** Creates a post over REST, as the original client's form does, and returns its id and the answer's content. */
async function restCreate(content: string): Promise<{ id: string; content: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ title: 'Quill', subtitle: 'From the old client', category: 'game' })) {
    form.set(key, value);
  }
  form.set('content', content);
  form.append('image', fileOf(await makeImage({ width: 800, height: 450 })));
  const created = await site.t.request('/api/blogposts', {
    method: 'POST',
    headers: { cookie: site.admin },
    body: form,
  });
  expect(created.status).toBe(201);
  const body = await created.json();
  return { id: body._id, content: body.content };
}

/** A post's content as GET /api/blogposts/:id serves it. */
async function restContent(id: string): Promise<string> {
  const served = await site.t.request(`/api/blogposts/${id}`);
  expect(served.status).toBe(200);
  return (await served.json()).content;
}

describe(`content sanitizing on ${testDbKind}`, () => {
  it("keeps everything the editor produces, links getting rel='noopener noreferrer'", async () => {
    const html =
      '<p class="align-center">Centred <strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s></p>' +
      '<blockquote>Quoted</blockquote>' +
      '<ol><li class="indent-1">one</li><li class="indent-8">two</li></ol>' +
      '<ul><li>bullet</li></ul>' +
      '<p class="align-justify indent-2">Text<br>on two lines <a href="https://example.com/a?b=c" target="_blank">a link</a></p>';
    expect(await stored(html)).toBe(html.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">'));
  });

  it('creates posts sanitized too', async () => {
    const { body } = await uploadPost(site.t, site.admin, {
      content: '<p onclick="steal()">Hi<script>steal()</script></p>',
    });
    expect(body.data.createPost.content).toBe('<p>Hi</p>');
  });

  it.each([
    ['a script', '<p>Hi</p><script>alert(document.cookie)</script>', '<p>Hi</p>'],
    ['an event handler on an image', '<p>Hi<img src="x" onerror="alert(1)"></p>', '<p>Hi</p>'],
    ['an event handler on an allowed tag', '<p onmouseover="alert(1)">Hi</p>', '<p>Hi</p>'],
    ['an inline style', '<p style="position:fixed;inset:0">Hi</p>', '<p>Hi</p>'],
    ['a style element', '<style>body{display:none}</style><p>Hi</p>', '<p>Hi</p>'],
    ['an iframe', '<p>Hi</p><iframe src="https://evil.example"></iframe>', '<p>Hi</p>'],
    ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf"><p>Hi</p>', '<p>Hi</p>'],
    ['an SVG with a script', '<svg><script>alert(1)</script></svg><p>Hi</p>', '<p>Hi</p>'],
    [
      'a form',
      '<form action="https://evil.example"><input name="password"><button>Go</button></form><p>Hi</p>',
      'Go<p>Hi</p>',
    ],
    // A link whose address is refused keeps its text, and no address.
    ...Object.entries({
      'a javascript: link': 'javascript:alert(1)',
      'an obfuscated javascript: link': '  JaVa&#x09;ScRiPt:alert(1)',
      'an entity-encoded javascript: link': '&#106;avascript:alert(1)',
      'a data: link': 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'a vbscript: link': 'vbscript:msgbox(1)',
    }).map(([name, href]) => [name, `<p><a href="${href}">x</a></p>`, '<p><a>x</a></p>']),
    [
      'a target other than a new tab',
      '<p><a href="/blog" target="_parent">x</a></p>',
      '<p><a href="/blog" rel="noopener noreferrer">x</a></p>',
    ],
    [
      'a rel that opens the opener',
      '<p><a href="https://a.example" rel="opener">x</a></p>',
      '<p><a href="https://a.example" rel="noopener noreferrer">x</a></p>',
    ],
    [
      "classes that are not the editor's",
      '<p class="btn modal-overlay align-right">Hi</p>',
      '<p class="align-right">Hi</p>',
    ],
    ['ids, data and aria attributes', '<p id="login" data-x="1" aria-hidden="true">Hi</p>', '<p>Hi</p>'],
    [
      'spans and divs (their text kept), ids and classes on headings (the ids remade from the text)',
      '<h1 id="root" class="hero">Big</h1><div><span class="hljs-keyword">Hi</span></div>',
      '<h2 id="big">Big</h2>Hi',
    ],
    [
      'a base and a meta refresh',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><p>Hi</p>',
      '<p>Hi</p>',
    ],
    ['mutation XSS through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ])('removes %s', async (_name, html, expected) => {
    if (expected === '') {
      // Nothing of it survives: the content is then empty, which the rules refuse.
      const { errors } = await site.t.graphql(
        UPDATE_POST,
        { id: postId, input: postInput({ content: html }) },
        { cookie: site.admin },
      );
      expect(errors?.[0]?.extensions?.fieldErrors).toEqual({ content: 'This field is required' });
      return;
    }
    expect(await stored(html)).toBe(expected);
  });

  it.each([
    [
      'subheadings, inline code, code blocks and dividers, code highlighted and runs of empty paragraphs collapsed',
      '<p><br></p><h2 id="the-verdict">The verdict</h2><p>Run <code>npm ci</code>.</p><p><br></p><p><br></p>' +
        '<h3 class="align-center" id="the-verdict-2">The verdict</h3><hr>' +
        '<pre><code class="language-python">print("hi")</code></pre><pre><code>no language &lt;b&gt;</code></pre><p><br></p>',
      '<h2 id="the-verdict">The verdict</h2><p>Run <code>npm ci</code>.</p><p><br></p>' +
        '<h3 class="align-center" id="the-verdict-2">The verdict</h3><hr>' +
        '<pre><code class="language-python"><span class="hljs-built_in">print</span>(<span class="hljs-string">"hi"</span>)</code></pre>' +
        '<pre><code>no language &lt;b&gt;</code></pre>',
    ],
    [
      "the alignment and indentation of the original client's editor (Quill), as the site's classes",
      '<p class="ql-align-center">Centred</p>' +
        '<p class="ql-align-right ql-indent-2">Right, indented twice</p>' +
        '<p class="ql-align-justify">Justified</p>' +
        '<blockquote class="ql-indent-1">An indented quote</blockquote>' +
        '<p class="ql-indent-8 ql-size-large ql-font-serif">Deepest</p>',
      '<p class="align-center">Centred</p>' +
        '<p class="align-right indent-2">Right, indented twice</p>' +
        '<p class="align-justify">Justified</p>' +
        '<blockquote class="indent-1">An indented quote</blockquote>' +
        '<p class="indent-8">Deepest</p>',
    ],
    [
      "the original client's flat lists (Quill 1: each item's depth is its class) nested as the editor nests lists",
      '<ol><li>Games</li><li class="ql-indent-1">Outer Wilds</li><li class="ql-indent-2 ql-align-center">DLC</li>' +
        '<li class="ql-indent-1">Tunic</li><li>Books</li><li class="ql-indent-2">Two levels down at once</li></ol>' +
        '<p>Then</p><ul><li class="ql-indent-1">A list that starts deeper</li><li>Back out</li></ul>',
      '<ol><li>Games<ol><li>Outer Wilds<ol><li class="align-center">DLC</li></ol></li><li>Tunic</li></ol></li>' +
        '<li>Books<ol><li><ol><li>Two levels down at once</li></ol></li></ol></li></ol>' +
        '<p>Then</p><ul><li><ul><li>A list that starts deeper</li></ul></li><li>Back out</li></ul>',
    ],
    [
      'Quill 2 lists (bullets and numbers in one <ol>, each item saying which it is) nested',
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Bullet</li>' +
        '<li data-list="ordered" class="ql-indent-1"><span class="ql-ui" contenteditable="false"></span>Numbered below it</li>' +
        '<li data-list="ordered"><span class="ql-ui" contenteditable="false"></span>Numbered</li></ol>',
      '<ul><li>Bullet<ol><li>Numbered below it</li></ol></li></ul><ol><li>Numbered</li></ol>',
    ],
    [
      "the site's own indentation on a list item as it is",
      '<ul><li class="indent-1">Padded</li></ul>',
      '<ul><li class="indent-1">Padded</li></ul>',
    ],
  ])('stores %s', async (_name, html, expected) => {
    expect(await stored(html)).toBe(expected);
  });

  it("turns the original client's headers and code blocks (Quill) into the site's, over REST", async () => {
    const { id, content } = await restCreate(
      '<h1>Setup</h1><pre class="ql-syntax" spellcheck="false">npm install\nnpm start\n</pre>',
    );
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id } })).content).toBe(
      '<h2 id="setup">Setup</h2><pre><code>npm install\nnpm start\n</code></pre>',
    );
    // REST answers with Quill's own code block; the header stays the post's top subheading.
    const quill = '<h2 id="setup">Setup</h2><pre class="ql-syntax" spellcheck="false">npm install\nnpm start\n</pre>';
    expect(content).toBe(quill);
    expect(await restContent(id)).toBe(quill);
  });

  it('allows mailto:, tel: and relative links', async () => {
    const html = '<p><a href="mailto:me@example.com">m</a><a href="tel:+331234">t</a><a href="/blog/page/2">r</a></p>';
    expect(await stored(html)).toBe(html.replaceAll('">', '" rel="noopener noreferrer">'));
  });

  it('never nests deeper than 8 levels, whatever depth a class claims', async () => {
    const html = await stored('<ul><li class="ql-indent-1000000">Deep</li></ul>');
    expect(html.match(/<ul>/g)).toHaveLength(9);
    expect(html).toContain('<li>Deep</li>');
  });

  it("gives the original client (Quill 1.3.7) its HTML back over REST, and keeps the site's on GraphQL and the feed", async () => {
    // Exactly as Quill 1.3.7 writes these (its editor's output, checked in Chromium): alignment and
    // indentation classes, one flat list whose items carry their depth, a change of kind as the next
    // list, its code block.
    const quill =
      '<p class="ql-align-center">Centred</p>' +
      '<p class="ql-align-right">Right</p>' +
      '<p class="ql-align-justify">Justified</p>' +
      '<p class="ql-indent-2">Indented twice</p>' +
      '<p class="ql-align-right ql-indent-1">Right, indented</p>' +
      '<h2 class="ql-align-right">On the right</h2>' +
      '<h3 class="ql-align-center">Centred below</h3>' +
      '<ol><li>Games</li><li class="ql-indent-1">Outer Wilds</li><li class="ql-indent-2 ql-align-center">DLC</li>' +
      '<li>Books</li></ol><ul><li class="ql-indent-1">Bullets under Books</li><li>Back out</li></ul>' +
      '<blockquote class="ql-indent-1 ql-align-justify">An indented quote</blockquote>' +
      '<pre class="ql-syntax" spellcheck="false">npm install\nnpm start\n</pre>';
    const ours =
      '<p class="align-center">Centred</p>' +
      '<p class="align-right">Right</p>' +
      '<p class="align-justify">Justified</p>' +
      '<p class="indent-2">Indented twice</p>' +
      '<p class="align-right indent-1">Right, indented</p>' +
      '<h2 class="align-right" id="on-the-right">On the right</h2>' +
      '<h3 class="align-center" id="centred-below">Centred below</h3>' +
      '<ol><li>Games<ol><li>Outer Wilds<ol><li class="align-center">DLC</li></ol></li></ol></li>' +
      '<li>Books<ul><li>Bullets under Books</li></ul></li></ol><ul><li>Back out</li></ul>' +
      '<blockquote class="align-justify indent-1">An indented quote</blockquote>' +
      '<pre><code>npm install\nnpm start\n</code></pre>';
    // What the original client compares by: its classes in any order, and no heading ids (Quill drops them).
    const asQuillReads = (html: string) =>
      html
        .replace(/ id="[^"]*"/g, '')
        .replace(/class="([^"]*)"/g, (_, names: string) => `class="${names.split(' ').sort().join(' ')}"`);
    const storedOf = async (id: string) => (await site.t.db.prisma.post.findUniqueOrThrow({ where: { id } })).content;

    const created = await restCreate(quill);
    expect(asQuillReads(created.content)).toBe(asQuillReads(quill));
    expect(await storedOf(created.id)).toBe(ours);
    const served = await restContent(created.id);
    expect(asQuillReads(served)).toBe(asQuillReads(quill));
    const listed = (await (await site.t.request('/api/blogposts')).json()).blogpostDocs;
    expect(listed.find((post: { _id: string }) => post._id === created.id).content).toBe(served);

    // The original client saves what it was given: nothing is lost, on the way in or out.
    const edited = await site.t.request(`/api/blogposts/${created.id}`, {
      method: 'PUT',
      headers: { cookie: site.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Quill', subtitle: 'Edited', category: 'game', content: served }),
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).content).toBe(served);
    expect(await storedOf(created.id)).toBe(ours);
    expect(await restContent(created.id)).toBe(served);

    // GraphQL (which the post page is rendered from) and the feed keep the site's classes, which
    // its own CSS aligns and indents.
    const { data } = await site.t.graphql(POST, { id: created.id });
    expect(data.post?.content).toBe(ours);
    const rss = await (await site.t.request('/rss.xml')).text();
    expect(rss).toContain(ours);
  });

  it("keeps a code block's language and highlighting through REST, the language written beside ql-syntax", async () => {
    const html = await stored(
      '<pre><code class="language-python">print("hi")</code></pre><p class="align-left">Left</p>',
    );
    const served = await restContent(postId);
    expect(served).toBe(
      '<pre class="ql-syntax language-python" spellcheck="false"><span class="hljs-built_in">print</span>(<span class="hljs-string">"hi"</span>)</pre>' +
        '<p class="ql-align-left">Left</p>',
    );
    expect(await stored(served)).toBe(html);
  });

  it('shares its list of classes with the client: alignments and 8 indentation levels', () => {
    expect(CONTENT_CLASSES).toEqual([
      'align-left',
      'align-center',
      'align-right',
      'align-justify',
      ...Array.from({ length: 8 }, (_, i) => `indent-${i + 1}`),
    ]);
  });

  it('stores a table without handlers, styles or scripts, and serves it as stored: GraphQL, REST, the feed and search', async () => {
    const content = await stored(
      '<p>Prices:</p><table onclick="steal()" style="position:fixed"><thead><tr><th scope="col">Console</th><th>Price</th></tr></thead>' +
        '<tbody><tr><td style="color:red" onmouseover="steal()">Quokkaphone<script>steal()</script></td><td><strong>349</strong></td></tr></tbody></table>',
    );
    const table =
      '<table><thead><tr><th>Console</th><th>Price</th></tr></thead>' +
      '<tbody><tr><td>Quokkaphone</td><td><strong>349</strong></td></tr></tbody></table>';
    expect(content).toBe(`<p>Prices:</p>${table}`);
    const { data } = await site.t.graphql(POST, { id: postId });
    expect(data.post?.content).toBe(content);
    const rest = await (await site.t.request(`/api/blogposts/${postId}`)).json();
    expect(rest.content).toBe(content);
    const rss = await (await site.t.request('/rss.xml')).text();
    expect(rss).toContain(table);
    // A word of a cell, found on its own: cells are not glued together in the search text.
    const found = await site.t.graphql(POSTS, { search: 'quokkaphone' });
    expect(found.data.posts.items.map((post: { id: string }) => post.id)).toEqual([postId]);
    const byPrice = await site.t.graphql(POSTS, { search: 'Price 349' });
    expect(byPrice.data.posts.items.map((post: { id: string }) => post.id)).toEqual([postId]);
  });
});
