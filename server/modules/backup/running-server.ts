// How `npm run export` reaches a server that holds the embedded database (which no second process
// may open): the server writes, next to the database's lock, where it listens and a token that
// lets a process on this machine ask it for a backup. Reading the token takes the same access as
// reading the database's own files, so it grants nothing those do not.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { pgliteDirFor } from '../../db/database.ts';

const recordSchema = z.object({ pid: z.int(), url: z.url(), token: z.string().min(32) });
export type RunningServer = z.infer<typeof recordSchema>;

function recordFile(dataDir: string): string {
  return path.join(pgliteDirFor(dataDir), '.server.json');
}

export function newBackupToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address a process on this machine reaches a server at, from the host it listens on. */
export function localUrl(host: string | undefined, port: number): string {
  // Listening on every address (the default) includes the loopback one.
  if (!host || host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * Removes a record left by a process that was killed: in a container every server is PID 1, and a
 * script must not take an old token for the new server's before that one has written its own.
 */
export function forgetRunningServer(dataDir: string): void {
  rmSync(recordFile(dataDir), { force: true });
}

/** Written once the server listens; returns what removes it (at shutdown, before the lock goes). */
export function recordRunningServer(dataDir: string, server: RunningServer): () => void {
  const file = recordFile(dataDir);
  // Readable by its owner only, as the database's files are.
  writeFileSync(file, JSON.stringify(server), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The server that holds the embedded database as process pid, or null when it left no record. */
export function runningServer(dataDir: string, pid: number): RunningServer | null {
  try {
    const record = recordSchema.parse(JSON.parse(readFileSync(recordFile(dataDir), 'utf8')));
    // A record of an earlier process (one that was killed) is not this one's.
    return record.pid === pid ? record : null;
  } catch {
    return null;
  }
}

/** Whether the request carries the token (Authorization: Bearer ...), compared in constant time. */
export function carriesBackupToken(request: Request, token: string | undefined): boolean {
  const given = request.headers.get('authorization')?.match(/^Bearer (\S+)$/)?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
