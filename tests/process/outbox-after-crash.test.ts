// Issue 38: kill -9 while an e-mail is being sent (its data sent, the SMTP server's 250 not yet
// given), then a restart: the message is sent again, and accepted once: none lost, none twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { PROCESS_TEST_TIMEOUT, serverPlace } from '../support/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { testDbKind } from '../support/test-database.ts';

const place = serverPlace('blog-outbox-', {
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'a long enough password',
});

describe(`the outbox after kill -9 on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  let smtp: SmtpCatcher;
  beforeEach(async () => {
    smtp = await startSmtpCatcher();
  });
  afterEach(() => smtp.close());

  it('sends a message killed mid-send again after the restart, and it is accepted once', async () => {
    // The database made as a start makes it, and a message put in the outbox as a comment would.
    const db = await place.openDatabase();
    let id: string;
    try {
      await migrate(db.sql);
      ({ id } = await db.prisma.outboxMessage.create({
        data: { kind: 'test', to: 'reader@example.com', subject: 'Exactly once', text: 'Hello' },
      }));
    } finally {
      await db.close();
    }

    const held = smtp.holdNext();
    const first = await place.start({ SMTP_URL: smtp.url });
    await held;
    await first.stop('SIGKILL');
    expect(smtp.messages).toHaveLength(0);

    const second = await place.start({ SMTP_URL: smtp.url });
    await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBe(1);
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(smtp.messages.map((message) => message.subject)).toEqual(['Exactly once']);

    const after = await place.openDatabase();
    try {
      expect(await after.prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
        state: 'sent',
        attempts: 2,
        leaseUntil: null,
      });
    } finally {
      await after.close();
    }
  });
});
