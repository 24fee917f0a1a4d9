// Entry point: reads the configuration, prepares the database, listens, and shuts down gracefully.
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { forgetRunningServer, localUrl, newBackupToken, recordRunningServer } from './modules/backup/running-server.ts';
import { keepImageFilesInStep } from './modules/media/orphan-sweep.ts';
import { PostScheduler } from './modules/post/post-scheduler.ts';
import type { Database } from './db/database.ts';
import { openConfiguredDatabase, prepareDatabase, upkeepAfterStart } from './startup.ts';

// A request still running this long after a stop signal is cut off.
const SHUTDOWN_GRACE_MS = 10_000;
// How long a start waits for the database's change channel before it serves without cached reads.
const CHANNEL_WAIT_MS = 15_000;

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();

  let db: Database;
  try {
    // Said before each step that can take a while on a first start, so a silent terminal never looks stuck.
    console.log(
      config.databaseUrl
        ? 'Connecting to the PostgreSQL server…'
        : `Opening the embedded database in ${config.dataDir}…`,
    );
    db = await openConfiguredDatabase(config);
    // Listening starts now, while the database is brought up to date: a PostgreSQL server's channel
    // is a connection of its own, which a busy machine opens late. Nothing is cached before serving.
    db.watchContentChanges();
    await prepareDatabase(db, config);
  } catch (error) {
    console.error(`Could not prepare the database: ${(error as Error).message}`);
    process.exit(1);
  }

  // On the embedded database, which no other process may open, `npm run export` asks this server.
  const backupToken = db.kind === 'pglite' ? newBackupToken() : undefined;
  if (backupToken) forgetRunningServer(config.dataDir);
  let forgetRecord = () => {};
  const app = createApp({ config, db, backupToken });
  // Once the server listens, the upkeep of a start (upkeepAfterStart), then every few minutes.
  const stopImageUpkeep = keepImageFilesInStep(db.prisma, app.services.imageFiles);
  const stopUpkeep = new AbortController();
  let upkeep: Promise<void> = Promise.resolve();
  // Scheduled posts go public at their time, and at once when it passed while the server was down.
  const scheduler = new PostScheduler(db.prisma, app.changes, undefined, app.services.subscribers);
  scheduler.start();
  // Uploads' smaller variants, encoded one at a time after the author's save (and those a stop left).
  app.services.imageEncoding.start();
  // E-mail waiting in the outbox (a restart's included) is sent (issue 38).
  app.services.outbox.start();
  // Serve once every change made before now has been heard, the start's own writes included: an
  // answer is cached only while the channel is heard, and one still on its way would void the first
  // readers' answers as they are stored (ContentChanges.whenCaughtUp).
  if (!(await db.contentChangesCaughtUp(CHANNEL_WAIT_MS))) {
    console.error(
      `The database's change announcements were not heard within ${CHANNEL_WAIT_MS / 1000} s: ` +
        'serving without cached reads until they are.',
    );
  }
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`;
    if (backupToken) {
      const url = localUrl(config.host, info.port);
      forgetRecord = recordRunningServer(config.dataDir, { pid: process.pid, url, token: backupToken });
    }
    console.log(`Serving ${config.siteName} at http://localhost:${info.port} (${where})`);
    // After listening, not before: on a large site it takes seconds (40 000 image files), and it
    // lets requests through as it goes (docs/decisions/049).
    upkeep = upkeepAfterStart(db, app.services.imageFiles, console.log, stopUpkeep.signal).catch((error: unknown) => {
      if (!stopUpkeep.signal.aborted)
        console.error('The upkeep after the start failed; it runs again at the next:', error);
    });
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    const hint = error.code === 'EADDRINUSE' ? `: port ${config.port} is already in use; set PORT to another one` : '';
    console.error(`Could not listen${hint} (${error.message})`);
    void db.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    stopImageUpkeep();
    stopUpkeep.abort();
    scheduler.stop();
    // An encoding under way is finished (or, past the grace period, done again at the next start).
    const encodingStopped = app.services.imageEncoding.stop();
    const outboxStopped = app.services.outbox.stop();
    const force = setTimeout(() => {
      console.error('Requests still running after the grace period: stopping anyway.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting and calls back once every open connection has ended.
    server.close(() => {
      forgetRecord();
      // The start's upkeep ends at its next pause, and an encoding under way is finished: the
      // database stays open until both have.
      Promise.all([upkeep, encodingStopped, outboxStopped])
        .then(() => db.close())
        .then(() => process.exit(0))
        .catch((error: Error) => {
          console.error(`Could not close the database cleanly: ${error.message}`);
          process.exit(1);
        });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
