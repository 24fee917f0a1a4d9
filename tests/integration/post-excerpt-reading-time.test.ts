// Post.excerpt and Post.readingMinutes: the rule itself (kernel/reading-rules.ts), then the same
// figures through GraphQL and REST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excerptOf, htmlToText, readingMinutesOf } from '#kernel/reading-rules.ts';
import { seedPosts } from '../support/content.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i + 1}`).join(' ');

describe('the reading rules', () => {
  it("reads the content's text: tags separate blocks, not inline words, and entities are decoded", () => {
    expect(
      htmlToText('<p>One <strong>t</strong>wo</p><p>three&nbsp;&amp; four</p><ul><li>five</li><li>six</li></ul>'),
    ).toBe('One two three & four five six');
    expect(htmlToText('<p>a&lt;b&gt; &quot;c&quot; &#39;d&#39; &#x263A; &bogus; &#0;</p>')).toBe(
      'a<b> "c" \'d\' ☺ &bogus; &#0;',
    );
    expect(htmlToText('<p>line<br>break</p>')).toBe('line break');
  });

  it('keeps the first 40 words, ending with … only when it cut', () => {
    expect(excerptOf(`<p>${words(40)}</p>`)).toBe(words(40));
    expect(excerptOf(`<p>${words(41)}</p>`)).toBe(`${words(40)}…`);
    expect(excerptOf(`<p>${words(39)} last,</p><p>more</p>`)).toBe(`${words(39)} last…`);
    expect(excerptOf('<p></p>')).toBe('');
  });

  it('counts about 230 words a minute, at least 1', () => {
    expect(readingMinutesOf('<p></p>')).toBe(1);
    expect(readingMinutesOf(`<p>${words(100)}</p>`)).toBe(1);
    expect(readingMinutesOf(`<p>${words(460)}</p>`)).toBe(2);
    expect(readingMinutesOf(`<p>${words(1150)}</p>`)).toBe(5);
    expect(readingMinutesOf(`<p>${words(1300)}</p>`)).toBe(6);
  });
});

describe(`excerpt and reading time in the APIs (${testDbKind})`, () => {
  let t: TestApp;
  let long: { id: string };
  let short: { id: string };
  const longContent = `<p>${words(500, 'long')}</p>`;

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedPosts(t.db.prisma, [
      { title: 'Long', content: longContent },
      { title: 'Short', content: '<p>Just <em>a few</em> words.</p>' },
    ]);
    [long, short] = [seeded[0]!, seeded[1]!];
  });
  afterAll(() => t.dispose());

  it('GraphQL gives them on every post, in lists too', async () => {
    const { data, errors } = await t.graphql(`{
      posts { items { title excerpt readingMinutes } }
      latestPosts { title excerpt readingMinutes }
    }`);
    expect(errors).toBeUndefined();
    const expected = [
      { title: 'Short', excerpt: 'Just a few words.', readingMinutes: 1 },
      { title: 'Long', excerpt: `${words(40, 'long')}…`, readingMinutes: 2 },
    ];
    expect(data.posts.items).toEqual(expected);
    expect(data.latestPosts).toEqual(expected);
    const single = await t.graphql('query ($id: ID!) { post(id: $id) { excerpt readingMinutes } }', { id: long.id });
    expect(single.data.post).toEqual({ excerpt: `${words(40, 'long')}…`, readingMinutes: 2 });
  });

  it('REST gives them in postJson', async () => {
    const one = await (await t.request(`/api/blogposts/${short.id}`)).json();
    expect(one).toMatchObject({ excerpt: 'Just a few words.', readingMinutes: 1 });
    const page = await (await t.request('/api/blogposts')).json();
    expect(page.blogpostDocs.map((post: { excerpt: string; readingMinutes: number }) => post.readingMinutes)).toEqual([
      1, 2,
    ]);
  });
});
