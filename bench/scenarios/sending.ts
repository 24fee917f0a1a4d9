// 13. A post e-mailed to 10 000 subscribers while readers read (issue 40): the cached reads of the
// mixed scenario at full speed, first with nothing being sent, then while the outbox sends the post
// to BENCH_SUBSCRIBERS confirmed subscribers at MAIL_RATE=BENCH_MAIL_RATE (by default as fast as it
// goes, the hardest case for the reads) through an SMTP server in the bench's process (smtp-server,
// which takes each message and keeps nothing). The target: the reads' rate at least 0.90× and their
// p99 at most 1.10× of the same reads without sending. The send rate is the post's e-mails over
// the time from its publication to the last one's arrival.
//
// The post is published through the REST API (a create, with its cover) before the measured reads,
// which start once the first e-mails have arrived: the publication's own work (one statement writes
// every delivery and message, and it cools the lists) is not what is measured, the sending is.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { openDatabase, pgliteDirFor } from '../../server/db/database.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { atLeastRatio, atMostRatio, type Figure } from '../lib/figures.ts';
import { multipartBody } from '../lib/multipart.ts';
import { everyCachedRead } from '../lib/requests.ts';
import type { DataSet } from '../seed/data-sets.ts';
import { createPostWriter } from '../seed/corpus.ts';
import { signIn, uploadJpeg } from './mixed.ts';
import { cachedReadMix } from './write-a-second.ts';

/** The e-mails that arrive before the measured reads start: the send is under way. */
const UNDER_WAY = 100;

export const sendingScenario: Scenario = {
  id: 'sending',
  title: '13 Reads while a post is e-mailed to the subscribers',
  async run(ctx) {
    const { subscribers, mailRate } = ctx.config;
    const smtp = await startCountingSmtp();
    try {
      const jpeg = await uploadJpeg();
      return await withApp(
        ctx,
        ctx.config.posts,
        async (app) => {
          const cookie = await signIn(app.url);
          const { reads, nextRead } = await cachedReadMix(ctx, app, 13);
          ctx.log('  reads, nothing being sent');
          const quiet = await measure(ctx, { url: app.url, next: nextRead, firstPass: everyCachedRead(reads) });

          const published = performance.now();
          await publishPost(app.url, cookie, jpeg);
          await smtp.reached(Math.min(UNDER_WAY, subscribers), 120_000);
          ctx.log(`  reads while sending (${smtp.count()} of ${subscribers} sent)`);
          const before = smtp.count();
          const started = performance.now();
          // The new post cooled the lists: a first pass of every read again, as the quiet run had, so
          // both runs measure warm reads and only the sending differs.
          const sending = await measure(ctx, { url: app.url, next: nextRead, firstPass: everyCachedRead(reads) });
          const duringSeconds = (performance.now() - started) / 1000;
          const sentDuring = smtp.count() - before;
          const endedEarly = smtp.count() >= subscribers;
          ctx.log('  waiting for the last e-mails');
          await smtp.reached(subscribers, Math.max(600_000, (subscribers / mailRate) * 3000), ctx.log);
          const sendSeconds = (smtp.lastAt() - published) / 1000;
          const sendRate = subscribers / sendSeconds;

          const figures: Figure[] = [
            {
              scenario: this.title,
              name: `send rate, ${subscribers.toLocaleString('en')} e-mails`,
              value: sendRate,
              unit: 'e-mails/s',
              note: `MAIL_RATE=${mailRate}; ${sendSeconds.toFixed(1)} s from the post's publication to the last e-mail's arrival`,
            },
            {
              scenario: this.title,
              name: 'reads, nothing being sent',
              value: quiet.perSecond,
              unit: 'req/s',
              note: `p99 ${quiet.latency.p99.toFixed(1)} ms`,
            },
            {
              scenario: this.title,
              name: 'reads while sending',
              value: sending.perSecond,
              unit: 'req/s',
              baseline: { name: 'nothing being sent', value: quiet.perSecond },
              target: atLeastRatio(0.9)(sending.perSecond, quiet.perSecond),
              note:
                `${sentDuring} e-mails sent during the reads' first pass, warm-up and run ` +
                `(${(sentDuring / duringSeconds).toFixed(0)} a second, ${duringSeconds.toFixed(0)} s)` +
                (endedEarly ? '; the send ended before the reads did: part of the run had nothing to send' : ''),
            },
            {
              scenario: this.title,
              name: 'read p99 while sending',
              value: sending.latency.p99,
              unit: 'ms',
              baseline: { name: 'nothing being sent', value: quiet.latency.p99 },
              target: atMostRatio(1.1)(sending.latency.p99, quiet.latency.p99),
            },
          ];
          if (smtp.count() !== subscribers) {
            ctx.fail(`${this.title}: ${smtp.count()} e-mails arrived for ${subscribers} subscribers`);
          }
          return figures;
        },
        { SMTP_URL: smtp.url, MAIL_RATE: String(mailRate) },
        (dataSet) => addSubscribers(dataSet, subscribers),
      );
    } finally {
      await smtp.close();
    }
  },
};

/** Confirmed subscribers, written straight into the copy before its server starts. */
async function addSubscribers(dataSet: DataSet, count: number): Promise<void> {
  const db = await openDatabase(
    dataSet.databaseUrl ? { databaseUrl: dataSet.databaseUrl } : { pgliteDir: pgliteDirFor(dataSet.dataDir) },
  );
  try {
    await db.prisma.$executeRaw`
      INSERT INTO "Subscriber" ("id", "email", "status", "consentSource", "unsubscribeKey", "confirmedAt", "updatedAt")
      SELECT gen_random_uuid(), 'reader' || i || '@example.com', 'confirmed', 'bench', md5(i::text || random()::text),
        now(), now()
      FROM generate_series(1, ${count}::int) AS i`;
  } finally {
    await db.close();
  }
}

/** A new post through the REST API, as the author's form sends it: published, so e-mailed to every subscriber. */
async function publishPost(url: string, cookie: string, jpeg: Buffer): Promise<void> {
  const { contentType, body } = multipartBody('sending', [
    ...Object.entries(createPostWriter(13)()).map(([name, value]) => ({ name, value })),
    { name: 'image', filename: 'cover.jpg', type: 'image/jpeg', value: jpeg },
  ]);
  const response = await fetch(`${url}/api/blogposts`, {
    method: 'POST',
    headers: { cookie, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  if (!response.ok) throw new Error(`Publishing the post failed: ${response.status} ${await response.text()}`);
}

interface CountingSmtp {
  url: string;
  count(): number;
  /** performance.now() of the last message's arrival. */
  lastAt(): number;
  /** Resolves once this many messages have arrived (saying how many every 10 s); fails after timeoutMs. */
  reached(count: number, timeoutMs: number, log?: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that accepts every message, reads it to its end and keeps only a count. */
async function startCountingSmtp(): Promise<CountingSmtp> {
  let count = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        count += 1;
        lastAt = performance.now();
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => count,
    lastAt: () => lastAt,
    async reached(wanted, timeoutMs, log) {
      const deadline = performance.now() + timeoutMs;
      let told = performance.now();
      while (count < wanted) {
        if (performance.now() > deadline) throw new Error(`Only ${count} of ${wanted} e-mails arrived in time`);
        if (performance.now() - told > 10_000) {
          told = performance.now();
          log?.(`  ${count} of ${wanted} e-mails arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
