// Issue 40: a scheduled post goes public in the running server and is e-mailed to 500 subscribers;
// kill -9 mid-send, a restart, and each of the 500 has exactly one e-mail of it.
//
// Deterministic: the kill comes while the SMTP server holds its answer to a message's data (its
// "250" never given), as in outbox-after-crash.test.ts. The outbox sends one message at a time and
// marks each sent before it claims the next, so at that moment every message accepted before is
// recorded as sent, and the held one, never accepted, is discarded by the SMTP server and sent again
// after the restart. (The one window for a duplicate, between a "250" and its UPDATE, is a few
// milliseconds that a kill at a random time could hit; this test does not aim for it.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { seedPosts } from '../support/content.ts';
import { PROCESS_TEST_TIMEOUT, serverPlace } from '../support/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { addConfirmedSubscribers } from '../support/subscribers.ts';
import { testDbKind } from '../support/test-database.ts';

const SUBSCRIBERS = 500;
const place = serverPlace('blog-post-mail-', {
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'a long enough password',
  // As fast as it goes: the rate is another test's (mail-delivery.test.ts).
  MAIL_RATE: '1000',
});

describe(`a post's e-mails after kill -9 on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  let smtp: SmtpCatcher;
  beforeEach(async () => {
    smtp = await startSmtpCatcher();
  });
  afterEach(() => smtp.close());

  it('gives each of 500 subscribers exactly one e-mail of a scheduled post, killed mid-send and restarted', async () => {
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${String(i).padStart(3, '0')}@example.com`);
    const db = await place.openDatabase();
    let postId: string;
    try {
      await migrate(db.sql);
      await addConfirmedSubscribers(db.prisma, emails);
      // Its time has come: the server's scheduler makes it public as it starts.
      const [post] = await seedPosts(db.prisma, [{ title: 'For all 500' }]);
      postId = post!.id;
      await db.prisma.post.update({
        where: { id: postId },
        data: { status: 'SCHEDULED', publishedAt: new Date(Date.now() - 1000) },
      });
    } finally {
      await db.close();
    }

    const first = await place.start({ SMTP_URL: smtp.url });
    // Some sent, not all: the next message is held unanswered, and the server killed meanwhile.
    await expect.poll(() => smtp.messages.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
    await smtp.holdNext();
    await first.stop('SIGKILL');
    const before = smtp.messages.length;
    expect(before).toBeLessThan(SUBSCRIBERS);

    const second = await place.start({ SMTP_URL: smtp.url });
    await expect.poll(() => smtp.messages.length, { timeout: 90_000 }).toBeGreaterThanOrEqual(SUBSCRIBERS);
    expect(await second.stop('SIGTERM')).toBe(0);

    const received = smtp.messages.filter((mail) => mail.subject === 'For all 500');
    expect(received).toHaveLength(SUBSCRIBERS);
    expect(received.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '')).sort()).toEqual(emails);
    const after = await place.openDatabase();
    try {
      const states = await after.prisma.outboxMessage.groupBy({ by: ['state'], _count: true });
      expect(states).toEqual([{ state: 'sent', _count: SUBSCRIBERS }]);
      // The held one was tried twice; all the others once.
      expect(await after.prisma.outboxMessage.count({ where: { attempts: 2 } })).toBe(1);
      expect(await after.prisma.postDelivery.count({ where: { postId: postId! } })).toBe(SUBSCRIBERS);
    } finally {
      await after.close();
    }
  });
});
