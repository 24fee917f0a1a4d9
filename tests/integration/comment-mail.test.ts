// Issue 38's e-mail, through the outbox to a real SMTP server the test starts (smtp-server), each
// message read back with a MIME parser (mailparser): the author is told of each comment waiting;
// a commenter who asked is told of the author's reply, with an unsubscribe link that works without
// JavaScript; a refused send is tried again later and sent once; a claim whose process died is
// taken over after its lease; a known commenter's comment is published by the e-mailed link.
// On both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { commentMessages } from '#kernel/comment-rules.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { seedPosts } from '../support/content.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { testDbKind } from '../support/test-database.ts';

const ADD = `mutation ($input: AddCommentInput!) { addComment(input: $input) { held comment { id } } }`;
const REPLY = 'mutation ($id: ID!, $text: String!) { replyToComment(id: $id, text: $text) { id } }';

describe(`comment e-mail through the outbox on ${testDbKind}`, () => {
  let smtp: SmtpCatcher;
  const env: Record<string, string> = { TRUST_PROXY: 'true', SITE_URL: 'http://blog.test' };
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp.close());
  const site = appWithAdmin({ env });
  let post: { id: string; slug: string };
  let ip = 0;

  beforeEach(async () => {
    const { prisma } = site.t.db;
    await prisma.comment.deleteMany();
    await prisma.outboxMessage.deleteMany();
    await prisma.post.deleteMany();
    await prisma.commentSettings.update({ where: { id: 1 }, data: { approveKnown: false } });
    const [seeded] = await seedPosts(prisma, [{ title: 'Mail me' }]);
    post = { id: seeded!.id, slug: seeded!.slug };
    smtp.messages.length = 0;
    ip += 1;
  });

  const outbox = () => site.t.app.services.outbox;
  /** Sends every message that is due, as the worker does. */
  const drain = async () => {
    while (await outbox().sendOne()) {
      // one at a time
    }
  };
  const comment = async (fields: Record<string, unknown>) => {
    const result = await site.t.graphql(
      ADD,
      {
        input: {
          postId: post.id,
          name: 'Ada',
          email: 'ada@example.com',
          text: 'Hello there',
          formToken: await site.t.app.services.comments.formToken(Date.now() - 10_000),
          ...fields,
        },
      },
      { headers: { 'x-forwarded-for': `203.0.113.${ip}` } },
    );
    expect(result.errors).toBeUndefined();
    return result.data.addComment.comment.id as string;
  };
  const adminEmail = async () =>
    (await site.t.db.prisma.user.findFirstOrThrow({ where: { isAdmin: true }, orderBy: { createdAt: 'asc' } })).email;

  test('the author is told of a comment waiting; the commenter of the reply, and can unsubscribe without JavaScript', async () => {
    const id = await comment({ notifyReplies: true, text: 'Tell me when you answer' });
    await drain();
    expect(smtp.messages).toHaveLength(1);
    const [held] = smtp.messages;
    expect(held!.to).toMatchObject({ text: await adminEmail() });
    expect(held!.subject).toBe('New comment awaiting approval on "Mail me"');
    expect(held!.text).toContain('Tell me when you answer');
    expect(held!.text).toContain('http://blog.test/admin/comments');

    expect(
      (await site.t.graphql(REPLY, { id, text: 'Here is my answer' }, { cookie: site.admin })).errors,
    ).toBeUndefined();
    await drain();
    expect(smtp.messages).toHaveLength(2);
    const reply = smtp.messages[1]!;
    expect(reply.to).toMatchObject({ text: 'ada@example.com' });
    expect(reply.text).toContain('Here is my answer');
    const unsubscribe = /http:\/\/blog\.test(\/comments\/unsubscribe\?token=\S+)/.exec(reply.text ?? '')![1]!;
    expect(reply.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain(
      '/comments/unsubscribe?token=',
    );
    // Every attempt of a message carries the row's id as its Message-ID.
    const row = await site.t.db.prisma.outboxMessage.findFirstOrThrow({ where: { kind: 'comment-reply' } });
    expect(reply.messageId).toBe(`<${row.id}@blog.test>`);
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });

    // The link opens a page with a button (a GET changes nothing: mail scanners follow links).
    const page = await site.t.request(unsubscribe);
    expect(page.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await page.text())![1]!;
    expect((await site.t.db.prisma.comment.findUniqueOrThrow({ where: { id } })).notifyReplies).toBe(true);
    const done = await site.t.request('/comments/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) }),
    });
    expect(await done.text()).toContain(commentMessages.unsubscribed);
    expect((await site.t.db.prisma.comment.findUniqueOrThrow({ where: { id } })).notifyReplies).toBe(false);
    await site.t.graphql(REPLY, { id, text: 'A second answer' }, { cookie: site.admin });
    await drain();
    expect(smtp.messages).toHaveLength(2);
    // A forged token unsubscribes nothing.
    const forged = await site.t.request(`/comments/unsubscribe?token=${id}.forged`, { method: 'POST' });
    expect(forged.status).toBe(400);
  });

  test("a refused send waits and is tried again, then sent once; a stuck claim is taken over after its lease, a dead process's at once", async () => {
    await comment({});
    smtp.refuseNext(1);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await drain();
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/it is tried again later: .*451 Try again later/));
    warned.mockRestore();
    expect(smtp.messages).toHaveLength(0);
    const waiting = await site.t.db.prisma.outboxMessage.findFirstOrThrow();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, worker: null });
    expect(waiting.lastError).toMatch(/Try again later/);
    expect(waiting.runAfter.getTime()).toBeGreaterThan(Date.now());
    // Its time comes.
    await site.t.db.prisma.outboxMessage.update({ where: { id: waiting.id }, data: { runAfter: new Date() } });
    await drain();
    expect(smtp.messages).toHaveLength(1);
    expect(await site.t.db.prisma.outboxMessage.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      state: 'sent',
      attempts: 2,
    });

    // A message another live process is sending: while its lease holds, nobody else sends it...
    const claimed = await site.t.db.prisma.outboxMessage.create({
      data: {
        kind: 'test',
        to: 'x@example.com',
        subject: 'Claimed by a live process',
        text: 'Once',
        worker: site.t.db.instanceId,
        leaseUntil: new Date(Date.now() + 60_000),
        attempts: 1,
      },
    });
    await drain();
    expect(smtp.messages).toHaveLength(1);
    // ...once it has run out (a stuck send), another worker sends it, once.
    await site.t.db.prisma.outboxMessage.update({
      where: { id: claimed.id },
      data: { leaseUntil: new Date(Date.now() - 1) },
    });
    await drain();
    // A process that claimed one and died (kill -9): no longer connected, it is taken over at once.
    await site.t.db.prisma.outboxMessage.create({
      data: {
        kind: 'test',
        to: 'x@example.com',
        subject: 'Claimed by a dead process',
        text: 'Once',
        worker: 'a-process-that-died',
        leaseUntil: new Date(Date.now() + 60_000),
        attempts: 1,
      },
    });
    await drain();
    await drain();
    expect(smtp.messages.map((message) => message.subject)).toEqual([
      'New comment awaiting approval on "Mail me"',
      'Claimed by a live process',
      'Claimed by a dead process',
    ]);
  });

  test("a known commenter's comment is published by the e-mailed link, never by the answer itself", async () => {
    await site.t.db.prisma.commentSettings.update({ where: { id: 1 }, data: { approveKnown: true } });
    const first = await comment({ text: 'My first comment' });
    await site.t.graphql(
      'mutation ($id: ID!) { moderateComment(id: $id, action: approve) }',
      { id: first },
      {
        cookie: site.admin,
      },
    );
    await drain();
    smtp.messages.length = 0;
    // The answer is the same as anyone's: it says nothing of the e-mail being known.
    const second = await comment({ text: 'My second comment' });
    await drain();
    const confirm = smtp.messages.find(
      (message) => message.to && 'text' in message.to && message.to.text === 'ada@example.com',
    );
    expect(confirm?.subject).toBe('Confirm your comment on "Mail me"');
    expect((await site.t.db.prisma.comment.findUniqueOrThrow({ where: { id: second } })).status).toBe('held');
    const link = /http:\/\/blog\.test(\/comments\/confirm\?token=\S+)/.exec(confirm!.text ?? '')![1]!;
    const token = decodeURIComponent(new URL(link, 'http://x').searchParams.get('token')!);
    // Opening the link changes nothing; its button does.
    expect((await site.t.request(link)).status).toBe(200);
    expect((await site.t.db.prisma.comment.findUniqueOrThrow({ where: { id: second } })).status).toBe('held');
    const done = await site.t.request('/comments/confirm', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/blog/${post.slug}#comments`);
    expect((await site.t.db.prisma.comment.findUniqueOrThrow({ where: { id: second } })).status).toBe('approved');
    // A stranger using the same name but another e-mail gets no link.
    smtp.messages.length = 0;
    await comment({ email: 'someone@example.com', text: 'Not known' });
    await drain();
    expect(smtp.messages.map((message) => message.subject)).toEqual(['New comment awaiting approval on "Mail me"']);
  });
});
