// The real application on a test database of its own, called through app.fetch (no port needed).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp extends TestDatabase {
  app: App;
  config: Config;
  dataDir: string;
  /** Sends a request to the app; a relative URL is resolved against the site URL. */
  request(input: string, init?: RequestInit): Promise<Response>;
  /** Posts a GraphQL operation as JSON and returns the parsed body. */
  graphql<T = unknown>(query: string, variables?: Record<string, unknown>): Promise<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
}

export async function createTestApp(options: { env?: Record<string, string>; clientDir?: string } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blog-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_URL: 'http://blog.test', ...options.env });
  const database = await createTestDatabase();
  const app = createApp({ config, db: database.db, clientDir: options.clientDir });
  const request = (input: string, init?: RequestInit) => app.fetch(new Request(new URL(input, config.siteUrl), init));
  return {
    ...database,
    app,
    config,
    dataDir,
    request,
    async graphql(query, variables) {
      const response = await request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    async dispose() {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
