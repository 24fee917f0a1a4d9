import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { printSchemaSdl } from '../../server/schema.ts';
import { test } from '../support/fixtures.ts';

test.override('appEnv', { scope: 'file' }, { SITE_NAME: 'Pixel Diaries' });

describe('/graphql', () => {
  test('answers a POSTed query as JSON', async ({ app: t }) => {
    const response = await t.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{__typename}' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  test('serves the site facts the client needs', async ({ app: t }) => {
    expect(await t.graphql('{ site { name url } }')).toEqual({
      data: { site: { name: 'Pixel Diaries', url: 'http://blog.test' } },
    });
  });

  test('opens GraphiQL in a browser outside production', async ({ app: t }) => {
    const response = await t.request('/graphql', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GraphiQL');
  });
});

describe('schema.graphql', () => {
  test('is committed exactly as the code prints it', () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    expect(committed, 'schema.graphql is stale: run `npm run generate` and commit it').toBe(printSchemaSdl());
  });
});
