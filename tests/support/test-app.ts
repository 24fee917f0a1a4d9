// The real application on a test database of its own, called through app.fetch (no port needed).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { expect } from 'vitest';
import { createApp, type App } from '../../server/app.ts';
import { CONTENT_CHANNEL } from '../../server/cache/content-changes.ts';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

// Test bodies are read loosely on purpose: each test asserts the exact shape it expects.
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface GraphqlResult<T = any> {
  /** Typed by the document; absent or null when the operation failed (the test checks errors). */
  data: T;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, any> }>;
}

/** A GraphQL document: a typed one from tests/gql, or a string. */
export type Document<T, V> = TypedDocumentNode<T, V> | string;

/** Any document, whatever its result and variables. */
export type AnyDocument = Document<unknown, any>;

/** The text a request carries for a document. */
export const documentText = (query: AnyDocument) => (typeof query === 'string' ? query : print(query));

export interface RequestOptions {
  /** A Cookie header value, such as the one signIn() returns. */
  cookie?: string;
  headers?: Record<string, string>;
}

export interface TestApp extends TestDatabase {
  app: App;
  config: Config;
  dataDir: string;
  /** Sends a request to the app; a relative URL is resolved against the site URL. */
  request(input: string, init?: RequestInit): Promise<Response>;
  /**
   * Posts a GraphQL operation as JSON and returns the parsed body. A typed document (tests/gql)
   * types its variables and its result; a string is read loosely.
   */
  graphql<T = any, V = Record<string, unknown>>(
    query: Document<T, V>,
    variables?: V,
    options?: RequestOptions,
  ): Promise<GraphqlResult<T>>;
  /** The same, returning the raw Response (status, headers). */
  graphqlResponse<V = Record<string, unknown>>(
    query: Document<unknown, V>,
    variables?: V,
    options?: RequestOptions,
  ): Promise<Response>;
  /**
   * A GraphQL multipart request (file uploads): files maps a variable path such as
   * 'input.image' to the file sent for it.
   */
  upload<T = any>(
    // The files stand in for some variables (input.image), so the variables are not the document's.
    query: Document<T, any>,
    variables: Record<string, unknown>,
    files: Record<string, File>,
    options?: RequestOptions,
  ): Promise<{ response: Response; body: GraphqlResult<T> }>;
  /** Creates a user (an admin with isAdmin) and a session; returns its Cookie header value. */
  signIn(options?: {
    isAdmin?: boolean;
    email?: string;
    name?: string;
    password?: string;
  }): Promise<{ cookie: string; userId: string; email: string; password: string }>;
}

/**
 * Resolves once the app has heard, from the database, every write committed before the call: on
 * PostgreSQL a write's notice comes a moment after the write, and cools again what the app's own
 * signal cooled and a read since filled. A marker that touches nothing, sent after those writes
 * from a connection other than the app's listener, arrives after their notices.
 */
export async function noticesHeard(
  t: Pick<TestApp, 'app' | 'db'>,
  send: (sql: string) => Promise<unknown> = (sql) => t.db.prisma.$executeRawUnsafe(sql),
): Promise<void> {
  let heard = false;
  const stop = t.app.changes.subscribe(() => {
    heard = true;
  });
  try {
    await send(`NOTIFY ${CONTENT_CHANNEL}, '{"t":"Post","r":[]}'`);
    await expect.poll(() => heard, { timeout: 5000, interval: 10 }).toBe(true);
  } finally {
    stop();
  }
}

// The client build a test app serves unless a test brings its own: a minimal index.html, so no
// test depends on dist/ having been built (a clean clone has none).
let standInClientDir: string | undefined;
/**
 * The paths of the requests that reached the app's router while fn ran: those the test sent, and
 * any the app sent itself (a page's queries must not be among them: server/graphql/own-reads.ts).
 */
export async function routedDuring(app: App, fn: () => Promise<unknown>): Promise<string[]> {
  const routed: string[] = [];
  const { fetch } = app.hono;
  app.hono.fetch = (request, ...rest) => {
    routed.push(new URL(request.url).pathname);
    return fetch(request, ...rest);
  };
  try {
    await fn();
  } finally {
    app.hono.fetch = fetch;
  }
  return routed;
}

export function standInClient(): string {
  if (!standInClientDir) {
    standInClientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-test-client-'));
    writeFileSync(
      path.join(standInClientDir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Blog</title></head><body><div id="root"></div></body></html>',
    );
  }
  return standInClientDir;
}

export async function createTestApp(
  options: { env?: Record<string, string>; clientDir?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blog-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SITE_URL: 'http://blog.test',
    // A test app runs no background worker: its uploads make every variant before answering, as the
    // tests of variants expect, unless a test asks for IMAGE_VARIANTS=background (image-encoding.test.ts).
    IMAGE_VARIANTS: 'request',
    ...options.env,
  });
  const database = await createTestDatabase();
  const app = createApp({ config, db: database.db, clientDir: options.clientDir ?? standInClient() });
  const request = (input: string, init?: RequestInit) => app.fetch(new Request(new URL(input, config.siteUrl), init));
  const graphqlResponse = <V>(query: Document<unknown, V>, variables?: V, options: RequestOptions = {}) =>
    request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cookieHeader(options), ...options.headers },
      body: JSON.stringify({ query: documentText(query), variables }),
    });
  return {
    ...database,
    app,
    config,
    dataDir,
    request,
    graphqlResponse,
    async graphql(query, variables, options) {
      return (await graphqlResponse(query, variables, options)).json();
    },
    async upload(query, variables, files, options = {}) {
      const form = new FormData();
      const withNulls = structuredClone(variables);
      const map: Record<string, string[]> = {};
      Object.keys(files).forEach((variablePath, index) => {
        setPath(withNulls, variablePath, null);
        map[String(index)] = [`variables.${variablePath}`];
      });
      form.set('operations', JSON.stringify({ query: documentText(query), variables: withNulls }));
      form.set('map', JSON.stringify(map));
      Object.values(files).forEach((file, index) => form.set(String(index), file));
      const response = await request('/graphql', {
        method: 'POST',
        // Yoga's CSRF prevention: a multipart request must carry a header a plain form cannot.
        headers: { 'x-graphql-yoga-csrf': '1', ...cookieHeader(options), ...options.headers },
        body: form,
      });
      return { response, body: await response.clone().json() };
    },
    async signIn(options = {}) {
      const email = options.email ?? `${options.isAdmin ? 'admin' : 'reader'}-${randomUUID()}@example.com`;
      const password = options.password ?? 'a good long password';
      const user = await database.db.prisma.user.create({
        data: {
          email,
          name: options.name ?? (options.isAdmin ? 'Admin' : 'Reader'),
          isAdmin: options.isAdmin ?? false,
          passwordHash: await hashPassword(password),
        },
      });
      const { cookie } = await app.services.sessions.create(user.id);
      return { cookie: cookie.split(';')[0]!, userId: user.id, email, password };
    },
    async dispose() {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function cookieHeader(options: RequestOptions): Record<string, string> {
  return options.cookie ? { cookie: options.cookie } : {};
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}
