import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { expectErrorLog } from '../support/expected-errors.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

describe(`GET /healthz on ${testDbKind}`, () => {
  it('answers 200 while the database answers', async () => {
    t = await createTestApp();
    const response = await t.request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: testDbKind });
  });

  it('answers 503 when the database is gone', async () => {
    expectErrorLog(/Health check failed: /);
    t = await createTestApp();
    await t.db.close();
    const response = await t.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'error',
      database: testDbKind,
      message: 'The database is not reachable',
    });
    t.db.close = async () => {};
  });
});
