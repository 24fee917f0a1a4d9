// Issue 38: readers' comments. Held until the author approves them; every spam defence refuses with
// its own message and stores nothing; the rate limits; moderation (bulk, reply, delete, a post's
// delete); the no-JavaScript form (303 back to the post, the commenter's held comments in the
// address and a cookie, a refusal that gives back what was typed); and no public API returns an
// e-mail. On both databases.
import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  COMMENT_HONEYPOT_FIELD,
  COMMENT_LINKS_MAX,
  COMMENT_RATE_PER_ADDRESS,
  COMMENT_RATE_PER_EMAIL,
  commentMessages,
  COMMENTS_FEED_PATH,
} from '#kernel/comment-rules.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { seedPosts } from '../support/content.ts';
import { testDbKind } from '../support/test-database.ts';
import { noticesHeard } from '../support/test-app.ts';

const ADD = `mutation ($input: AddCommentInput!) {
  addComment(input: $input) { held message pendingToken comment { id name text pending } }
}`;
const PUBLIC = `query ($slug: String!) {
  post(slug: $slug) { id commentCount commentsOpen comments { id parentId name website text isAuthor createdAt } }
}`;
const PENDING = `query ($slug: String!, $token: String!) { post(slug: $slug) { pendingComments(token: $token) { id text pending } } }`;
const ADMIN_LIST = `query ($status: CommentStatus, $postId: ID) {
  comments(status: $status, postId: $postId) { id name email status postTitle isAuthor parentId text }
}`;
const MODERATE =
  'mutation ($ids: [ID!]!, $action: CommentModeration!) { moderateComments(ids: $ids, action: $action) }';
const REPLY = 'mutation ($id: ID!, $text: String!) { replyToComment(id: $id, text: $text) { id isAuthor parentId } }';
const SETTINGS = `mutation ($input: CommentSettingsInput!) {
  updateCommentSettings(input: $input) { enabled blockedWords blockedAddresses approveKnown mailConfigured }
}`;
const EMAIL = 'reader@example.com';

describe(`comments on ${testDbKind}`, () => {
  const site = appWithAdmin({ env: { TRUST_PROXY: 'true' } });
  let post: { id: string; slug: string; updatedAt: Date };
  let address = 0;

  beforeEach(async () => {
    const { prisma } = site.t.db;
    await prisma.comment.deleteMany();
    await prisma.outboxMessage.deleteMany();
    await prisma.post.deleteMany();
    await prisma.commentSettings.update({
      where: { id: 1 },
      data: { enabled: true, blockedWords: '', blockedAddresses: '', approveKnown: false },
    });
    const [seeded] = await seedPosts(prisma, [{ title: 'A post to discuss' }]);
    post = { id: seeded!.id, slug: seeded!.slug, updatedAt: seeded!.updatedAt };
    // Each test comes from an address of its own, so the rate limits of one do not spill into the next.
    address += 1;
  });

  const services = () => site.t.app.services;
  // A form loaded ten seconds ago: the least time to write has passed.
  const loadedToken = () => services().comments.formToken(Date.now() - 10_000);
  const from = (ip = `203.0.113.${address}`) => ({ headers: { 'x-forwarded-for': ip } });
  const input = async (overrides: Record<string, unknown> = {}) => ({
    postId: post.id,
    name: 'Ada',
    email: EMAIL,
    text: 'What a good read.',
    formToken: await loadedToken(),
    ...overrides,
  });
  const add = async (overrides: Record<string, unknown> = {}, ip?: string) =>
    site.t.graphql(ADD, { input: await input(overrides) }, from(ip));
  const publicView = async () => (await site.t.graphql(PUBLIC, { slug: post.slug })).data.post;
  const stored = () => site.t.db.prisma.comment.count();
  const moderate = (ids: string[], action: string) => site.t.graphql(MODERATE, { ids, action }, { cookie: site.admin });

  test('a comment is held, shown only to its commenter, and public once approved; replies one level; counts', async () => {
    const result = await add({ text: 'First!\n\nSee https://example.org/page.' });
    expect(result.errors).toBeUndefined();
    expect(result.data.addComment).toMatchObject({ held: true, message: commentMessages.held });
    const { id } = result.data.addComment.comment;

    // Not public yet; its commenter's token shows it, marked as waiting.
    expect(await publicView()).toMatchObject({ commentCount: 0, comments: [], commentsOpen: true });
    const pending = await site.t.graphql(PENDING, { slug: post.slug, token: result.data.addComment.pendingToken });
    expect(pending.data.post.pendingComments).toEqual([
      { id, text: 'First!\n\nSee https://example.org/page.', pending: true },
    ]);
    // A forged token shows nothing.
    const forged = await site.t.graphql(PENDING, { slug: post.slug, token: `${id}.AAAA` });
    expect(forged.data.post.pendingComments).toEqual([]);

    // The studio lists it as held, with the e-mail for moderation.
    const held = await site.t.graphql(ADMIN_LIST, { status: 'held' }, { cookie: site.admin });
    expect(held.data.comments).toEqual([
      expect.objectContaining({ id, email: EMAIL, status: 'held', postTitle: 'A post to discuss' }),
    ]);
    // Readers cannot list or moderate.
    expect((await site.t.graphql(ADMIN_LIST, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await site.t.graphql(MODERATE, { ids: [id], action: 'approve' })).errors).toBeDefined();

    expect((await moderate([id], 'approve')).data.moderateComments).toEqual([id]);
    const view = await publicView();
    expect(view.commentCount).toBe(1);
    expect(view.comments).toEqual([expect.objectContaining({ id, name: 'Ada', isAuthor: false, parentId: null })]);

    // The author's reply is published at once and marked; a reply to a reply joins the thread.
    const reply = await site.t.graphql(REPLY, { id, text: 'Thank you!' }, { cookie: site.admin });
    expect(reply.data.replyToComment).toMatchObject({ isAuthor: true, parentId: id });
    const again = await site.t.graphql(
      REPLY,
      { id: reply.data.replyToComment.id, text: 'And more.' },
      { cookie: site.admin },
    );
    expect(again.data.replyToComment.parentId).toBe(id);
    const readerReply = await add({ parentId: reply.data.replyToComment.id, text: 'You are welcome.' });
    expect(
      (await site.t.db.prisma.comment.findUniqueOrThrow({ where: { id: readerReply.data.addComment.comment.id } }))
        .parentId,
    ).toBe(id);
    expect((await publicView()).commentCount).toBe(3);
  });

  test('bulk moderation: reject, spam and delete take comments off the page; deleting the post deletes its comments', async () => {
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await add({ text })).data.addComment.comment.id);
    await moderate(ids, 'approve');
    expect((await publicView()).commentCount).toBe(3);
    await moderate([ids[0]!], 'reject');
    await moderate([ids[1]!], 'spam');
    expect((await publicView()).comments.map((c: { id: string }) => c.id)).toEqual([ids[2]]);
    const spam = await site.t.graphql(ADMIN_LIST, { status: 'spam', postId: post.id }, { cookie: site.admin });
    expect(spam.data.comments.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    await moderate([ids[2]!], 'delete');
    expect((await publicView()).commentCount).toBe(0);
    expect(await stored()).toBe(2);
    await site.t.db.prisma.post.delete({ where: { id: post.id } });
    expect(await stored()).toBe(0);
  });

  describe('each defence refuses with its message and stores nothing', () => {
    const refused = async (overrides: Record<string, unknown>, message: string, ip?: string) => {
      const before = await stored();
      const result = await add(overrides, ip);
      expect(result.errors?.[0]?.message).toBe(message);
      expect(await stored()).toBe(before);
      return result;
    };

    test('honeypot, time to write, a forged token, links, fields', async () => {
      await refused({ homepage: 'http://spam.example' }, commentMessages.honeypot);
      await refused({ formToken: await services().comments.formToken() }, commentMessages.tooFast);
      await refused({ formToken: `${Date.now() - 60_000}.forged` }, commentMessages.badToken);
      const links = Array.from({ length: COMMENT_LINKS_MAX + 1 }, (_, i) => `https://spam.example/${i}`).join(' ');
      const many = await refused({ text: links }, commentMessages.tooManyLinks);
      expect(many.errors?.[0]?.extensions?.fieldErrors).toEqual({ text: commentMessages.tooManyLinks });
      await refused({ text: 'x'.repeat(5001) }, commentMessages.textTooLong);
      await refused({ email: 'not-an-email' }, commentMessages.emailInvalid);
      await refused({ website: 'javascript:alert(1)' }, commentMessages.websiteInvalid);
      // Exactly the limit of links is fine.
      const fine = Array.from({ length: COMMENT_LINKS_MAX }, (_, i) => `https://ok.example/${i}`).join(' ');
      expect((await add({ text: fine })).data.addComment.held).toBe(true);
    });

    test('duplicates, blocked words and addresses, closed posts, comments off', async () => {
      expect((await add({ text: 'Same words' })).errors).toBeUndefined();
      // The same text, spaced and cased otherwise, from the same e-mail on another address.
      await refused({ text: '  same   WORDS ' }, commentMessages.duplicate, '198.51.100.7');
      await site.t.graphql(
        SETTINGS,
        { input: { blockedWords: 'casino\nCheap pills', blockedAddresses: 'bad@example.com\n192.0.2.9' } },
        { cookie: site.admin },
      );
      await refused({ text: 'Visit my CASINO' }, commentMessages.blocked);
      await refused({ text: 'cheap pills here' }, commentMessages.blocked);
      await refused({ email: 'BAD@example.com' }, commentMessages.blocked);
      await refused({ text: 'From a blocked address' }, commentMessages.blocked, '192.0.2.9');

      await site.t.graphql(
        'mutation ($postId: ID!) { setPostCommentsClosed(postId: $postId, closed: true) }',
        { postId: post.id },
        { cookie: site.admin },
      );
      expect((await publicView()).commentsOpen).toBe(false);
      // The post's version stays: the editor's next save is no conflict.
      const { updatedAt } = await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } });
      expect(updatedAt).toEqual(post.updatedAt);
      await refused({ text: 'On a closed post' }, commentMessages.closed);
      await site.t.graphql(
        'mutation ($postId: ID!) { setPostCommentsClosed(postId: $postId, closed: false) }',
        { postId: post.id },
        { cookie: site.admin },
      );
      await site.t.graphql(SETTINGS, { input: { enabled: false } }, { cookie: site.admin });
      expect((await publicView()).commentsOpen).toBe(false);
      await refused({ text: 'With comments off' }, commentMessages.off);
    });

    test('rate limits per address and per e-mail, whatever the e-mail is known or not', async () => {
      for (let i = 0; i < COMMENT_RATE_PER_ADDRESS; i += 1) {
        expect((await add({ text: `Comment ${i}`, email: `someone${i}@example.com` })).errors).toBeUndefined();
      }
      const limited = await refused(
        { text: 'One more', email: 'new@example.com' },
        commentMessages.tooManyComments(10),
      );
      expect(limited.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');

      // Per e-mail, from addresses each used once.
      for (let i = 0; i < COMMENT_RATE_PER_EMAIL; i += 1) {
        expect(
          (await add({ text: `By mail ${i}`, email: 'busy@example.com' }, `198.51.100.${100 + i}`)).errors,
        ).toBeUndefined();
      }
      await refused(
        { text: 'By mail again', email: 'busy@example.com' },
        commentMessages.tooManyComments(10),
        '198.51.100.200',
      );
    });
  });

  test("no public API returns a commenter's e-mail: GraphQL, REST and the form's answers", async () => {
    const { id } = (await add({ text: 'Keep my address private' })).data.addComment.comment;
    await moderate([id], 'approve');
    // The public type has no e-mail field at all.
    const asked = await site.t.graphql(`query ($slug: String!) { post(slug: $slug) { comments { email } } }`, {
      slug: post.slug,
    });
    expect(asked.errors?.[0]?.message).toMatch(/Cannot query field "email" on type "Comment"/);
    const bodies = [
      JSON.stringify(await site.t.graphql(PUBLIC, { slug: post.slug })),
      await (await site.t.request(`/api/blogposts/${post.id}/comments`)).text(),
      await (await site.t.request(`/api/blogposts/${post.slug}`)).text(),
      JSON.stringify((await add({ text: 'Another one' })).data),
    ];
    const rest = await site.t.request(`/api/blogposts/${post.slug}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from().headers },
      body: JSON.stringify({
        name: 'Bo',
        email: 'bo@example.com',
        text: 'Through REST',
        formToken: await loadedToken(),
      }),
    });
    expect(rest.status).toBe(201);
    bodies.push(await rest.text());
    expect(bodies[1]).toContain('Keep my address private');
    for (const body of bodies) {
      expect(body).not.toContain(EMAIL);
      expect(body).not.toContain('bo@example.com');
    }
  });

  test('the form works without JavaScript: 303 back with the held comment, a refusal keeps what was typed', async () => {
    const form = async (fields: Record<string, string>) =>
      site.t.request('/comments', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from().headers },
        body: new URLSearchParams(fields).toString(),
      });
    const fields = {
      postId: post.id,
      name: 'Ada',
      email: EMAIL,
      website: '',
      text: 'Sent as a plain form',
      formToken: await loadedToken(),
      [COMMENT_HONEYPOT_FIELD]: '',
    };
    const sent = await form(fields);
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/blog/${post.slug}\\?pending=[^#]+#comments$`));
    const token = decodeURIComponent(new URL(location, 'http://x').searchParams.get('pending')!);
    expect(sent.headers.get('set-cookie')).toContain(`comments_pending=${token}`);
    const pending = await site.t.graphql(PENDING, { slug: post.slug, token });
    expect(pending.data.post.pendingComments).toEqual([expect.objectContaining({ text: 'Sent as a plain form' })]);

    // Refused (too many links): a page with the message and the text given back, nothing stored.
    const before = await stored();
    const links = 'https://a.example https://b.example https://c.example https://d.example';
    const refusedPage = await form({ ...fields, text: `My words & ${links}` });
    expect(refusedPage.status).toBe(400);
    const html = await refusedPage.text();
    expect(html).toContain(commentMessages.tooManyLinks);
    expect(html).toContain(`My words &#38; ${links}`);
    expect(html).toContain(`value="${EMAIL}"`);
    expect(await stored()).toBe(before);

    // A cross-site form is refused.
    const crossSite = await site.t.request('/comments', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(await stored()).toBe(before);
  });

  test('an approved or removed comment cools the post and its count, and a comment written elsewhere too', async () => {
    const { id } = (await add({ text: 'Cache me' })).data.addComment.comment;
    const rest = () => site.t.request(`/api/blogposts/${post.id}/comments`);
    // The page's JSON-LD counts and carries them (never an e-mail).
    const jsonLd = async () => {
      const html = await (await site.t.request(`/blog/${post.slug}`)).text();
      expect(html).not.toContain(EMAIL);
      const script = new JSDOM(html).window.document.querySelector('script[type="application/ld+json"]')!;
      return JSON.parse(script.textContent!) as {
        commentCount: number;
        comment?: Array<{ text: string; author: { name: string } }>;
      };
    };
    expect((await jsonLd()).commentCount).toBe(0);
    expect(await (await rest()).json()).toEqual([]);
    expect((await rest()).headers.get('age')).not.toBeNull();
    await moderate([id], 'approve');
    expect((await (await rest()).json()).map((c: { _id: string }) => c._id)).toEqual([id]);
    expect(await jsonLd()).toMatchObject({ commentCount: 1, comment: [{ text: 'Cache me', author: { name: 'Ada' } }] });
    // A statement from another connection (psql, another server): the trigger announces it.
    await site.t.db.prisma.$executeRaw`UPDATE "Comment" SET "status" = 'rejected' WHERE "id" = ${id}::uuid`;
    await vi.waitFor(async () => expect(await (await rest()).json()).toEqual([]));
    await vi.waitFor(async () => expect((await jsonLd()).commentCount).toBe(0));
  });

  test('the feed of the latest comments: approved ones on published posts, newest first, no e-mail, kept fresh', async () => {
    const feed = async () => {
      const response = await site.t.request(COMMENTS_FEED_PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      const xml = await response.text();
      expect(xml).not.toContain(EMAIL);
      const items = [...new JSDOM(xml, { contentType: 'text/xml' }).window.document.querySelectorAll('item')];
      return items.map((item) => ({
        title: item.querySelector('title')!.textContent,
        link: item.querySelector('link')!.textContent,
        text: item.querySelector('description')!.textContent,
      }));
    };
    const first = (await add({ text: 'The first <b>word</b>' })).data.addComment.comment.id as string;
    const held = (await add({ text: 'Still waiting', email: 'other@example.com' })).data.addComment.comment;
    expect(await feed()).toEqual([]);
    await moderate([first], 'approve');
    expect(await feed()).toEqual([
      {
        title: 'Ada on A post to discuss',
        link: `${site.t.config.siteUrl}/blog/${post.slug}#comment-${first}`,
        text: 'The first <b>word</b>',
      },
    ]);
    // Answered from the cache until a comment changes; the held one never shows. (Once the
    // database's notice of the approval is in: on PostgreSQL it cools the feed a moment later.)
    await noticesHeard(site.t);
    await feed();
    expect((await site.t.request(COMMENTS_FEED_PATH)).headers.get('age')).not.toBeNull();
    await moderate([held.id], 'approve');
    expect((await feed()).map((item) => item.text)).toEqual(['Still waiting', 'The first <b>word</b>']);
    // Written by another connection: the database's notice refreshes it too.
    await site.t.db.prisma.$executeRaw`UPDATE "Comment" SET "status" = 'spam' WHERE "id" = ${held.id}::uuid`;
    await vi.waitFor(async () => expect((await feed()).map((item) => item.text)).toEqual(['The first <b>word</b>']));
    // A post taken back to a draft takes its comments out of the feed.
    await site.t.db.prisma.post.update({ where: { id: post.id }, data: { status: 'DRAFT', publishedAt: null } });
    await vi.waitFor(async () => expect(await feed()).toEqual([]));
  });
});
