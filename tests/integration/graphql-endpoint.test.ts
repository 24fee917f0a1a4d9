import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printSchemaSdl } from '../../server/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_NAME: 'Pixel Diaries' } });
});
afterAll(() => t.dispose());

describe('/graphql', () => {
  it('answers a POSTed query as JSON', async () => {
    const response = await t.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{__typename}' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('serves the site facts the client needs', async () => {
    expect(await t.graphql('{ site { name url } }')).toEqual({
      data: { site: { name: 'Pixel Diaries', url: 'http://blog.test' } },
    });
  });

  it('opens GraphiQL in a browser outside production', async () => {
    const response = await t.request('/graphql', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GraphiQL');
  });
});

describe('schema.graphql', () => {
  it('is committed exactly as the code prints it', () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    expect(committed, 'schema.graphql is stale: run `npm run generate` and commit it').toBe(printSchemaSdl());
  });
});
