// Issue 40's delivery, to a real SMTP server the test starts (smtp-server): an address refused for
// good (550 to RCPT TO) or a message refused for good (554) is marked failed at once and never tried
// again, the address then skipped by later posts; a temporary refusal (451) is tried again; the
// post's progress in GraphQL (admin only); a message to one reader goes before a post's waiting
// ones; the worker keeps to MAIL_RATE; and two servers on one PostgreSQL database sending the same
// post give each subscriber one e-mail. (A scheduled post's
// e-mails: subscribers.test.ts, and tests/process/post-mail-after-crash.test.ts in a real process.)
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { Outbox } from '../../server/modules/mail/outbox.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { seedPosts } from '../support/content.ts';
import { SAMPLE_SETTINGS } from '../support/site-settings.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { addConfirmedSubscribers } from '../support/subscribers.ts';
import { testDbKind } from '../support/test-database.ts';

const SET_STATUS =
  'mutation ($id: ID!, $status: PostStatus!) { setPostStatus(id: $id, status: $status) { id status } }';
const UPDATE_SITE = 'mutation ($input: UpdateSiteInput!) { updateSite(input: $input) { name } }';
const DELIVERY = 'query ($id: ID!) { post(id: $id) { id emailDelivery { total sent pending failed } } }';

const recipient = (mail: SmtpCatcher['messages'][number]) => (mail.to && 'text' in mail.to ? mail.to.text : '');

describe(`delivering posts by e-mail on ${testDbKind}`, () => {
  let smtp: SmtpCatcher;
  const env: Record<string, string> = { SITE_URL: 'http://blog.test', MAIL_FROM: 'Env Sender <env@blog.test>' };
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp.close());
  const site = appWithAdmin({ env });

  beforeEach(async () => {
    const { prisma } = site.t.db;
    await prisma.outboxMessage.deleteMany();
    await prisma.subscriber.deleteMany();
    await prisma.post.deleteMany();
    smtp.messages.length = 0;
  });

  const drain = async () => {
    while (await site.t.app.services.outbox.sendOne()) {
      // one at a time, as the worker does
    }
  };
  const subscribe = (emails: string[]) => addConfirmedSubscribers(site.t.db.prisma, emails);
  /** A post made public by the admin, as the editor does: e-mailed in the same transaction. */
  const publish = async (title: string) => {
    const [post] = await seedPosts(site.t.db.prisma, [{ title }]);
    for (const status of ['DRAFT', 'PUBLISHED']) {
      const answer = await site.t.graphql(SET_STATUS, { id: post!.id, status }, { cookie: site.admin });
      expect(answer.errors).toBeUndefined();
    }
    return post!;
  };
  const delivery = async (id: string) =>
    (await site.t.graphql(DELIVERY, { id }, { cookie: site.admin })).data.post.emailDelivery;
  const messageTo = (email: string, subject: string) =>
    site.t.db.prisma.outboxMessage.findFirstOrThrow({ where: { to: email, subject } });

  test('a 5xx is failed at once and its address skipped later; a 4xx is tried again; the progress says so', async () => {
    await subscribe(['ok@example.com', 'gone@example.com', 'busy@example.com']);
    smtp.refuseRecipient('gone@example.com');
    // The first message to reach its data is refused for now: busy@ or ok@, whichever goes first.
    smtp.refuseNext(1, 451);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = await publish('First news');
    expect(await delivery(first.id)).toEqual({ total: 3, sent: 0, pending: 3, failed: 0 });
    await drain();

    const gone = await messageTo('gone@example.com', 'First news');
    expect(gone).toMatchObject({ state: 'failed', attempts: 1 });
    expect(gone.lastError).toContain('550');
    expect((await site.t.db.prisma.subscriber.findUniqueOrThrow({ where: { email: 'gone@example.com' } })).status).toBe(
      'bounced',
    );
    const waiting = await site.t.db.prisma.outboxMessage.findFirstOrThrow({
      where: { subject: 'First news', state: 'pending' },
    });
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toContain('451');
    expect(waiting.runAfter.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.messages).toHaveLength(1);
    expect(await delivery(first.id)).toEqual({ total: 3, sent: 1, pending: 1, failed: 1 });

    // Its retry comes (as if the backoff had passed): accepted.
    await site.t.db.prisma.outboxMessage.update({ where: { id: waiting.id }, data: { runAfter: new Date() } });
    await drain();
    expect(smtp.messages.map(recipient).sort()).toEqual(['busy@example.com', 'ok@example.com']);
    expect(await delivery(first.id)).toEqual({ total: 3, sent: 2, pending: 0, failed: 1 });

    // The next post skips the refused address; a message refused for good after its data (554) is
    // failed at once, and its address (not the one refused) stays subscribed.
    smtp.messages.length = 0;
    smtp.refuseNext(1, 554);
    const second = await publish('Second news');
    await drain();
    expect(await site.t.db.prisma.outboxMessage.count({ where: { to: 'gone@example.com' } })).toBe(1);
    const refused = await site.t.db.prisma.outboxMessage.findFirstOrThrow({
      where: { subject: 'Second news', state: 'failed' },
    });
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toContain('554');
    expect((await site.t.db.prisma.subscriber.findUniqueOrThrow({ where: { email: refused.to } })).status).toBe(
      'confirmed',
    );
    expect(smtp.messages).toHaveLength(1);
    expect(await delivery(second.id)).toEqual({ total: 2, sent: 1, pending: 0, failed: 1 });

    // Only the admin sees it; a post e-mailed to nobody has none.
    const anonymous = await site.t.graphql(DELIVERY, { id: second.id });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await site.t.db.prisma.subscriber.deleteMany();
    expect(await delivery((await publish('To nobody')).id)).toBeNull();
  });

  test("the settings' From is on the next message, without a restart; cleared, MAIL_FROM again", async () => {
    const fromOfNext = async (email: string) => {
      expect((await site.t.graphql(`mutation { subscribe(email: "${email}") { message } }`)).errors).toBeUndefined();
      await drain();
      return smtp.messages.find((mail) => recipient(mail) === email)?.from?.value;
    };
    const setFrom = async (mailFrom: string) => {
      const input = { ...SAMPLE_SETTINGS, mailFrom };
      const answer = await site.t.graphql(UPDATE_SITE, { input }, { cookie: site.admin });
      expect(answer.errors).toBeUndefined();
    };
    // MAIL_FROM seeded the settings at the first start.
    expect(await fromOfNext('first@example.com')).toEqual([{ name: 'Env Sender', address: 'env@blog.test' }]);
    await setFrom('"Owl, Night" <owl@blog.test>');
    expect(await fromOfNext('second@example.com')).toEqual([{ name: 'Owl, Night', address: 'owl@blog.test' }]);
    await setFrom('');
    expect(await fromOfNext('third@example.com')).toEqual([{ name: 'Env Sender', address: 'env@blog.test' }]);
  });

  test("a reader's confirmation link is sent before a post's e-mails already waiting", async () => {
    await subscribe(['one@example.com', 'two@example.com']);
    await publish('Long send');
    const asked = await site.t.graphql('mutation { subscribe(email: "new@example.com") { message } }');
    expect(asked.errors).toBeUndefined();
    await drain();
    expect(smtp.messages.map(recipient)).toEqual([
      'new@example.com',
      expect.stringMatching(/^(one|two)@example\.com$/),
      expect.stringMatching(/^(one|two)@example\.com$/),
    ]);
  });

  test('a reader who leaves in the middle of a send gets nothing more: unsubscribed by the one-click POST, or removed', async () => {
    await subscribe(['stays@example.com', 'leaves@example.com', 'removed@example.com']);
    const post = await publish('Mid-send');
    expect(await delivery(post.id)).toEqual({ total: 3, sent: 0, pending: 3, failed: 0 });
    const { prisma } = site.t.db;
    const leaving = await prisma.subscriber.findUniqueOrThrow({ where: { email: 'leaves@example.com' } });
    const oneClick = await site.t.request(`/subscribe/unsubscribe?token=${leaving.unsubscribeKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const removed = await prisma.subscriber.findUniqueOrThrow({ where: { email: 'removed@example.com' } });
    const answer = await site.t.graphql(
      'mutation ($id: ID!) { removeSubscriber(id: $id) }',
      { id: removed.id },
      { cookie: site.admin },
    );
    expect(answer).toEqual({ data: { removeSubscriber: true } });
    // Their messages are gone from the outbox, and the progress counts what goes out.
    expect(await delivery(post.id)).toEqual({ total: 1, sent: 0, pending: 1, failed: 0 });
    await drain();
    expect(smtp.messages.map(recipient)).toEqual(['stays@example.com']);
    expect(
      await prisma.outboxMessage.count({ where: { to: { in: ['leaves@example.com', 'removed@example.com'] } } }),
    ).toBe(0);
    expect(await delivery(post.id)).toEqual({ total: 1, sent: 1, pending: 0, failed: 0 });
  });

  test('the worker keeps to MAIL_RATE: six e-mails at five a second take a second', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `reader${i}@example.com`);
    await subscribe(emails);
    await publish('Paced');
    const outbox = new Outbox(site.t.db, { ...site.t.config, smtp: { ...site.t.config.smtp!, rate: 5 } });
    outbox.start();
    try {
      // A second by design, and the machine's own time on top.
      await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(6);
    } finally {
      await outbox.stop();
    }
    expect(smtp.messages.map(recipient).sort()).toEqual(emails);
    // Started 200 ms apart: the last is accepted at least about a second after the first (a margin
    // for the connections' own times, which differ); without the rate they all came in a blink.
    const times = smtp.messages.map((mail) => smtp.receivedAt(mail));
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(800);
  });

  // Two processes cannot share the embedded database: this is PostgreSQL's case.
  test.skipIf(testDbKind !== 'postgres')(
    'two servers sending the same post give each subscriber exactly one e-mail',
    async () => {
      const emails = Array.from({ length: 20 }, (_, i) => `many${i}@example.com`);
      await subscribe(emails);
      const other = await openDatabase({ databaseUrl: site.t.url });
      const fast = { ...site.t.config, smtp: { ...site.t.config.smtp!, rate: 1000 } };
      const outboxes = [new Outbox(site.t.db, fast), new Outbox(other, fast)];
      const sent = outboxes.map((outbox) => {
        const spy = vi.spyOn(outbox, 'sendOne');
        return () => spy.mock.settledResults.filter((result) => result.value === true).length;
      });
      try {
        for (const outbox of outboxes) outbox.start();
        await publish('For everyone');
        for (const outbox of outboxes) outbox.wake();
        await expect
          .poll(() => site.t.db.prisma.outboxMessage.count({ where: { subject: 'For everyone', state: 'sent' } }), {
            timeout: 30_000,
          })
          .toBe(20);
      } finally {
        await Promise.all(outboxes.map((outbox) => outbox.stop()));
        await other.close();
      }
      expect(smtp.messages.map(recipient).sort()).toEqual([...emails].sort());
      // Both took part.
      expect(sent.map((count) => count() > 1)).toEqual([true, true]);
    },
  );
});
