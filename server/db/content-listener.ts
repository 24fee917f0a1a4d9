// Hears the database's content-change channel (server/cache/content-changes.ts) and passes what it
// hears, read as the rows it touched (server/cache/post-changes.ts), to a ContentChanges. PGlite runs in this process, so its notifications always arrive. A
// PostgreSQL server's arrive on one dedicated connection, which can drop: while it is down the
// caches are told not to trust themselves, and it reconnects with a growing delay.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CONTENT_CHANNEL, ContentChanges } from '../cache/content-changes.ts';
import { changeFromNotice } from '../cache/post-changes.ts';

export interface ContentListener {
  changes: ContentChanges;
  close(): Promise<void>;
}

export function listenOnPglite(pglite: PGlite): ContentListener {
  // Trusted once LISTEN has run (a moment after start): PGlite runs here, so nothing is lost after.
  const changes = new ContentChanges(false);
  const unlistening = pglite
    .listen(CONTENT_CHANNEL, (payload) => changes.noticed(payload, changeFromNotice))
    .then(
      (unlisten) => {
        changes.setHeard(true);
        return unlisten;
      },
      (error: Error) => {
        console.error(`Could not listen for content changes: ${error.message}; cached reads are off.`);
        return null;
      },
    );
  return {
    changes,
    async close() {
      const unlisten = await unlistening;
      if (unlisten && !pglite.closed) await unlisten();
    },
  };
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;
// A connection that only listens sends nothing, so a dead network path would go unnoticed and the
// caches would be trusted while deaf: it asks the server something this often, and a question not
// answered in time counts as a lost connection.
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

/** applicationName: how the connection shows in pg_stat_activity (the process's instance, database.ts). */
export function listenOnPostgres(connectionString: string, applicationName?: string): ContentListener {
  // Not trusted until LISTEN has run: a change made before that would be missed.
  const changes = new ContentChanges(false);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (lostClient: pg.Client, reason: string) => {
    if (client !== lostClient) return;
    client = null;
    clearInterval(heartbeat);
    changes.setHeard(false);
    if (closed) return;
    console.error(`Lost the database's content-change channel (${reason}); cached reads are off until it is back.`);
    lostClient.end().catch(() => {});
    scheduleConnect();
  };

  const connect = async () => {
    const candidate = new pg.Client({
      connectionString,
      keepAlive: true,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      application_name: applicationName,
    });
    candidate.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) changes.noticed(message.payload, changeFromNotice);
    });
    candidate.on('error', (error) => lost(candidate, error.message));
    candidate.on('end', () => lost(candidate, 'connection closed'));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      candidate.end().catch(() => {});
      if (!closed) {
        console.error(`Could not listen for content changes: ${(error as Error).message}`);
        scheduleConnect();
      }
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    retryMs = FIRST_RETRY_MS;
    heartbeat = setInterval(() => {
      candidate.query('SELECT 1').catch((error: Error) => lost(candidate, `heartbeat: ${error.message}`));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    changes.setHeard(true);
  };

  const scheduleConnect = () => {
    retryTimer = setTimeout(() => void connect(), retryMs);
    // Reconnecting must not keep a process alive that has nothing else to do.
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };

  void connect();
  return {
    changes,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
