// How GraphQL answers what goes wrong: expected errors keep their code and message, bad requests say
// what is wrong, anything else is masked and logged with the request id the caller receives.
import { describe, expect, vi } from 'vitest';
import { test } from '../support/fixtures.ts';

const CREATE_POST = `mutation ($input: CreatePostInput!) { createPost(input: $input) { id } }`;

describe('GraphQL errors', () => {
  test('answers a value of the wrong kind for a file with a bad-input error, not a masked one', async ({ app: t }) => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const response = await t.graphqlResponse(
      CREATE_POST,
      { input: { title: 'T', subtitle: 'S', content: '<p>x</p>', category: 'GAME', image: 'not a file' } },
      { cookie },
    );
    const body = await response.json();
    expect(body.errors[0].message).not.toBe('Unexpected error.');
    expect(body.errors[0].message).toMatch(/Expected a file upload/);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(response.status).toBe(400);
  });

  test('answers an unknown enum value with a request error that names it', async ({ app: t }) => {
    const body = await t.graphql('{ posts(category: MOVIES) { total } }');
    expect(body.errors?.[0]?.message).toMatch(/MOVIES/);
    expect(body.data).toBeUndefined();
  });

  test('answers a variable that does not fit its type without logging anything', async ({ app: t }) => {
    const logged = vi.spyOn(console, 'error');
    try {
      const response = await t.graphqlResponse('query ($c: Category) { posts(category: $c) { total } }', {
        c: 'MOVIES',
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].message).toMatch(/Variable "\$c" got invalid value "MOVIES"/);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  test('masks an unexpected failure and logs it with the request id sent back', async ({ app: t }) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A database that went away mid-flight is nobody's expected failure.
      await t.db.close();
      const response = await t.graphqlResponse('{ latestPosts { id } }');
      const body = await response.json();
      expect(body.errors[0]).toMatchObject({
        message: 'Unexpected error.',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/^[\w.-]+$/);
      expect(errors.mock.calls.some((args) => String(args[0]).includes(`request ${requestId}`))).toBe(true);
    } finally {
      errors.mockRestore();
      t.db.close = async () => {};
    }
  });
});
