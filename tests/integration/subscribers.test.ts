// Issue 40: readers who follow by e-mail, through the outbox to a real SMTP server the test starts
// (smtp-server), each message read back with a MIME parser (mailparser). Subscribing without
// JavaScript (a plain POST, a 303) and by GraphQL, with the same answer for a known address, the rate
// limit and the honeypot; the e-mailed confirmation link; a published post (at once or by the
// scheduler) e-mailed once to each confirmed subscriber, whatever is unpublished and published again,
// unless "Send by e-mail" is off; the one-click unsubscribe POST (RFC 8058). No public answer carries
// an address. On both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { figureHtml, uploadPath } from '#kernel/content-pictures.ts';
import { subscriberMessages } from '#kernel/subscriber-rules.ts';
import { PostScheduler } from '../../server/modules/post/post-scheduler.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { seedPosts } from '../support/content.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { testDbKind } from '../support/test-database.ts';

const SUBSCRIBE =
  'mutation ($email: String!, $homepage: String) { subscribe(email: $email, homepage: $homepage) { message } }';
const SET_STATUS =
  'mutation ($id: ID!, $status: PostStatus!) { setPostStatus(id: $id, status: $status) { id status } }';
const UPDATE =
  'mutation ($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { id sendByEmail } }';

const unescape = (html: string) =>
  html.replace(/&amp;/g, '&').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

describe(`subscribers on ${testDbKind}`, () => {
  let smtp: SmtpCatcher;
  const env: Record<string, string> = { TRUST_PROXY: 'true', SITE_URL: 'http://blog.test', SITE_NAME: 'Test blog' };
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp.close());
  const site = appWithAdmin({ env });
  let ip = 0;

  beforeEach(async () => {
    const { prisma } = site.t.db;
    await prisma.outboxMessage.deleteMany();
    await prisma.subscriber.deleteMany();
    await prisma.subscribeAttempt.deleteMany();
    await prisma.post.deleteMany();
    smtp.messages.length = 0;
    ip += 1;
  });

  const drain = async () => {
    while (await site.t.app.services.outbox.sendOne()) {
      // one at a time, as the worker does
    }
  };
  const from = () => ({ 'x-forwarded-for': `198.51.100.${ip}` });
  const postForm = (email: string, extra: Record<string, string> = {}) =>
    site.t.request('/subscribe', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from() },
      body: new URLSearchParams({ email, homepage: '', ...extra }),
    });
  /** Subscribes and confirms by the e-mailed link, as a reader without JavaScript does. */
  const subscribeAndConfirm = async (email: string) => {
    expect((await postForm(email)).status).toBe(303);
    await drain();
    const mail = smtp.messages.at(-1)!;
    const link = /http:\/\/blog\.test(\/subscribe\/confirm\?token=\S+)/.exec(mail.text!)![1]!;
    const page = await site.t.request(link);
    const token = unescape(/name="token" value="([^"]+)"/.exec(await page.text())![1]!);
    return site.t.request('/subscribe/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    });
  };

  test('subscribing without JavaScript: a 303, a confirmation e-mail, the link confirms; a known address gets the same answer', async () => {
    const page = await site.t.request('/subscribe');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post" action="/subscribe">');

    const sent = await postForm('  Reader@Example.COM ');
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/subscribe/sent');
    expect(await (await site.t.request('/subscribe/sent')).text()).toContain(subscriberMessages.checkMailbox);
    const row = await site.t.db.prisma.subscriber.findUniqueOrThrow({ where: { email: 'reader@example.com' } });
    expect(row).toMatchObject({ status: 'pending', consentSource: 'form' });
    const hours = (row.tokenExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    await drain();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toMatchObject({ text: 'reader@example.com' });

    // The link's GET changes nothing (mail scanners open links); the page's button confirms.
    const link = /http:\/\/blog\.test(\/subscribe\/confirm\?token=\S+)/.exec(smtp.messages[0]!.text!)![1]!;
    await site.t.request(link);
    expect((await site.t.db.prisma.subscriber.findFirstOrThrow()).status).toBe('pending');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const confirm = (value: string) =>
      site.t.request('/subscribe/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: value }),
      });
    expect(await (await confirm(token)).text()).toContain(subscriberMessages.confirmed);
    expect((await site.t.db.prisma.subscriber.findFirstOrThrow()).status).toBe('confirmed');
    // Used once: the same link again, or a made-up one, is refused.
    expect((await confirm(token)).status).toBe(400);
    expect((await confirm('made-up')).status).toBe(400);

    // A confirmed address: the same answer, in GraphQL as in the form, and no e-mail.
    const known = await site.t.graphql(SUBSCRIBE, { email: 'reader@example.com' }, { headers: from() });
    const unknown = await site.t.graphql(SUBSCRIBE, { email: 'someone@example.com' }, { headers: from() });
    expect(known.data).toEqual(unknown.data);
    expect(known.data.subscribe.message).toBe(subscriberMessages.checkMailbox);
    expect((await postForm('reader@example.com')).headers.get('location')).toBe('/subscribe/sent');
    await drain();
    expect(smtp.messages.map((mail) => mail.to)).toEqual([
      expect.objectContaining({ text: 'reader@example.com' }),
      expect.objectContaining({ text: 'someone@example.com' }),
    ]);
  });

  test('an expired link is refused; a bad address, the honeypot and too many requests store nothing', async () => {
    await postForm('late@example.com');
    await drain();
    const token = new URL(/(http:\/\/blog\.test\S+)/.exec(smtp.messages[0]!.text!)![1]!).searchParams.get('token')!;
    await expect(
      site.t.app.services.subscribers.confirm(token, new Date(Date.now() + 48 * 3_600_000 + 1000)),
    ).rejects.toThrow(subscriberMessages.linkInvalid);

    const bad = await postForm('not an address');
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain(subscriberMessages.emailInvalid);
    expect(badPage).toContain('value="not an address"');
    const bot = await site.t.graphql(
      SUBSCRIBE,
      { email: 'bot@example.com', homepage: 'http://spam.test' },
      { headers: from() },
    );
    expect(bot.errors?.[0]?.message).toBe(subscriberMessages.honeypot);

    // Per e-mail: the fourth request in an hour is refused, whatever the client's address.
    for (let i = 0; i < 2; i += 1) expect((await postForm('late@example.com')).status).toBe(303);
    ip += 1;
    const refused = await postForm('late@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many requests in a short time.');
    // Per client address: ten, then refused for any e-mail.
    ip += 1;
    for (let i = 0; i < 10; i += 1) expect((await postForm(`reader${i}@example.com`)).status).toBe(303);
    expect((await postForm('another@example.com')).status).toBe(429);
    expect(await site.t.db.prisma.subscriber.findUnique({ where: { email: 'bot@example.com' } })).toBeNull();
    expect(await site.t.db.prisma.subscriber.findUnique({ where: { email: 'another@example.com' } })).toBeNull();
  });

  test('a published post is e-mailed once to each confirmed subscriber, unpublished and published again too; one-click unsubscribe', async () => {
    await subscribeAndConfirm('one@example.com');
    ip += 1;
    await subscribeAndConfirm('two@example.com');
    ip += 1;
    await postForm('pending@example.com');
    await drain();
    smtp.messages.length = 0;

    // A post already public before subscriptions existed is not e-mailed: this one goes back to draft first.
    const [post, quiet] = await seedPosts(site.t.db.prisma, [
      {
        title: 'News & views',
        subtitle: 'The subtitle',
        content:
          '<p>Read <a href="/blog/other">the other post</a>.</p><p><img src="/uploads/a.webp" alt="A lake"></p>' +
          '<pre><code>const a = 1;\nconst b = 2;</code></pre>',
      },
      { title: 'Not by e-mail' },
    ]);
    // A picture in the text: one of the stored images (the sanitizer keeps only those), by its site path.
    const image = await site.t.db.prisma.image.findUniqueOrThrow({ where: { id: quiet!.imageId! } });
    const picture = uploadPath(image.storageKey, 960);
    await site.t.db.prisma.post.update({
      where: { id: post!.id },
      data: {
        content: post!.content.replace(
          '<p><img src="/uploads/a.webp" alt="A lake"></p>',
          figureHtml({ ...image, alt: 'A lake', caption: '' }),
        ),
      },
    });
    const status = async (id: string, value: string) =>
      expect((await site.t.graphql(SET_STATUS, { id, status: value }, { cookie: site.admin })).errors).toBeUndefined();
    await status(post!.id, 'DRAFT');
    await status(post!.id, 'PUBLISHED');
    await status(post!.id, 'DRAFT');
    await status(post!.id, 'PUBLISHED');
    // "Send by e-mail" unticked: published, and e-mailed to nobody.
    await status(quiet!.id, 'DRAFT');
    const unticked = await site.t.graphql(
      UPDATE,
      {
        id: quiet!.id,
        input: {
          title: 'Not by e-mail',
          subtitle: 'A subtitle',
          content: '<p>Some words.</p>',
          category: 'GAME',
          status: 'PUBLISHED',
          sendByEmail: false,
        },
      },
      { cookie: site.admin },
    );
    expect(unticked.errors).toBeUndefined();
    expect(unticked.data.updatePost.sendByEmail).toBe(false);
    await drain();
    expect(smtp.messages.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort()).toEqual([
      'one@example.com',
      'two@example.com',
    ]);
    const mail = smtp.messages.find((message) => message.subject === 'News & views')!;
    expect(mail.html).toContain('href="http://blog.test/blog/other"');
    expect(mail.html).toContain(`src="http://blog.test${picture}"`);
    expect(mail.html).toContain(`href="http://blog.test/blog/${post!.slug}"`);
    expect(mail.text).toContain('the other post (http://blog.test/blog/other)');
    expect(mail.text).toContain('[A lake]');
    expect(mail.text).toContain('const a = 1;\nconst b = 2;');
    expect(mail.text).toContain(`Read it on the site: http://blog.test/blog/${post!.slug}`);
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = /<http:\/\/blog\.test(\/subscribe\/unsubscribe\?token=[^>\s]+)>/.exec(
      header('list-unsubscribe'),
    )![1]!;
    expect(mail.html).toContain(`href="http://blog.test${oneClick}"`);
    expect(await site.t.db.prisma.postDelivery.count()).toBe(2);

    // The one-click POST, as a mail client sends it from elsewhere: unsubscribed at once.
    const done = await site.t.request(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(subscriberMessages.unsubscribed);
    const who = mail.to && 'text' in mail.to ? mail.to.text : '';
    expect((await site.t.db.prisma.subscriber.findUniqueOrThrow({ where: { email: who } })).status).toBe(
      'unsubscribed',
    );
    expect((await site.t.request(`${oneClick.split('=')[0]}=forged.token`, { method: 'POST' })).status).toBe(400);

    // A scheduled post goes public by the scheduler: e-mailed to the one still subscribed.
    smtp.messages.length = 0;
    const [later] = await seedPosts(site.t.db.prisma, [{ title: 'Scheduled' }]);
    await site.t.db.prisma.post.update({
      where: { id: later!.id },
      data: { status: 'SCHEDULED', publishedAt: new Date(Date.now() - 1000) },
    });
    const scheduler = new PostScheduler(
      site.t.db.prisma,
      site.t.app.changes,
      undefined,
      site.t.app.services.subscribers,
    );
    expect(await scheduler.publishDue()).toEqual([later!.id]);
    await drain();
    expect(
      smtp.messages.map((message) => [message.subject, message.to && 'text' in message.to && message.to.text]),
    ).toEqual([['Scheduled', who === 'one@example.com' ? 'two@example.com' : 'one@example.com']]);

    // No public answer carries an address: the post's GraphQL and REST answers, its page, the forms' pages.
    const answers = await Promise.all([
      site.t.graphql(`{ post(slug: "${post!.slug}") { id title content } }`).then((r) => JSON.stringify(r)),
      site.t.request(`/api/posts`).then((r) => r.text()),
      site.t.request(`/blog/${post!.slug}`).then((r) => r.text()),
      site.t.request('/subscribe/sent').then((r) => r.text()),
      site.t.graphql(SUBSCRIBE, { email: 'one@example.com' }, { headers: from() }).then((r) => JSON.stringify(r)),
    ]);
    for (const answer of answers) expect(answer).not.toMatch(/(one|two|pending)@example\.com/);
  });
});
