// Server processes sharing one PostgreSQL tell which of them are running by the application name of
// their connections (the image files' upkeep leaves a running process's uploads alone). A name set
// in DATABASE_URL must not hide a process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createPostgresDatabase, testDbKind } from '../support/test-database.ts';

/** The TCP sockets this process holds open (its database connections among them). */
const openSockets = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;

describe.runIf(testDbKind === 'postgres')('processes sharing a PostgreSQL database', () => {
  let drop: () => Promise<void>;
  let url: string;
  const opened: Database[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase({ migrated: true }));
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await drop();
  });

  it('see each other running, even when DATABASE_URL names an application', async () => {
    const named = new URL(url);
    named.searchParams.set('application_name', 'my-blog');
    const first = await openDatabase({ databaseUrl: named.toString() });
    const second = await openDatabase({ databaseUrl: url });
    opened.push(first, second);
    await first.prisma.$queryRaw`SELECT 1`;

    expect(await second.connectedInstances()).toContain(first.instanceId);

    // Eight connections at once, as a busy server holds.
    await Promise.all(Array.from({ length: 8 }, () => first.sql.query('SELECT pg_sleep(0.02)')));
    const withFirst = openSockets();
    // Closed means closed: once close() resolves none of its connections is left, neither in this
    // process nor on the server, so none can hear the server end it (a database dropped WITH (FORCE))
    // and log a pool error after the close.
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    expect(openSockets()).toBeLessThanOrEqual(withFirst - 8);
    expect(await second.connectedInstances()).not.toContain(first.instanceId);
  });
});
