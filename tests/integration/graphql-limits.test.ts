// Abusive queries are refused before they run: too deep, too many aliases, too costly; and with
// introspection off, the schema is not handed out (nor leaked through "Did you mean" suggestions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../../server/graphql/yoga.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let open: TestApp;
let closed: TestApp;
beforeAll(async () => {
  open = await createTestApp();
  closed = await createTestApp({ env: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await open.dispose();
  await closed.dispose();
});

const messagesOf = (body: { errors?: Array<{ message: string }> }) =>
  (body.errors ?? []).map((e) => e.message).join('\n');

describe('GraphQL limits', () => {
  it('refuses a query deeper than the limit', async () => {
    // The schema's own types nest only three deep (posts.items.image), so depth is reached through
    // the type system's ofType chain: one level past the limit, cheap enough to pass the cost rule.
    let selection = 'name';
    for (let i = 0; i < GRAPHQL_LIMITS.maxDepth - 2; i++) selection = `ofType { ${selection} }`;
    const body = await open.graphql(`{ __type(name: "Post") { fields { type { ${selection} } } } }`);
    expect(messagesOf(body), messagesOf(body)).toMatch(/depth/i);
    expect(body.data).toBeUndefined();
  });

  it('refuses more aliases than the limit', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: latestPosts { id }`).join(
      '\n',
    );
    const body = await open.graphql(`{ ${aliases} }`);
    expect(messagesOf(body)).toMatch(/aliases/i);
    expect(body.data).toBeUndefined();
  });

  it('refuses a query over the cost limit', async () => {
    // Fifteen full pages through a fragment: 15 posts of 12 fields each, fifteen times (about 2700).
    const fields = 'id title subtitle content category createdAt updatedAt image { url width height srcset }';
    const aliases = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases },
      (_, i) => `p${i}: posts(page: ${i + 1}) { items { ...Full } }`,
    ).join('\n');
    const body = await open.graphql(`{ ${aliases} } fragment Full on Post { ${fields} }`);
    expect(messagesOf(body)).toMatch(/cost/i);
    expect(body.data).toBeUndefined();
  });

  it('refuses variables nested deeper than the limit with a 400, before anything reads them', async () => {
    // A hostile run sent a variable nested 50 000 arrays deep: graphql-js's recursive coercion ran out
    // of stack, and the answer was a masked 500.
    // Written as text: JSON.stringify itself recurses too deep for it.
    const nested = `${'['.repeat(50_000)}"zelda"${']'.repeat(50_000)}`;
    const query = JSON.stringify('query ($k: String) { posts(keyword: $k) { total } }');
    for (const variables of [`{"k":${nested}}`, `{"k":"zelda","extra":${nested}}`]) {
      const response = await open.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"query":${query},"variables":${variables}}`,
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: `Variables may nest at most ${GRAPHQL_LIMITS.maxVariableDepth} levels deep`,
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
        }),
      ]);
    }
    // An input as deep as the schema's own is fine.
    const fine = await open.graphqlResponse('query ($k: String) { posts(keyword: $k) { total } }', { k: 'zelda' });
    expect(fine.status).toBe(200);
  });

  it("counts an upload as one value, not its bytes' nesting", async () => {
    // A picture's File holds its bytes in arrays of its own: walked as variables, a File at the
    // deepest level allowed went past the limit (and a 1 MB picture cost a million steps per upload).
    const depth = GRAPHQL_LIMITS.maxVariableDepth - 1;
    const path = ['variables', 'k', ...Array.from({ length: depth - 1 }, () => '0')].join('.');
    const form = new FormData();
    const variables = { k: JSON.parse(`${'['.repeat(depth - 1)}null${']'.repeat(depth - 1)}`) as unknown };
    form.append(
      'operations',
      JSON.stringify({ query: 'query ($k: String) { posts(search: $k) { total } }', variables }),
    );
    form.append('map', JSON.stringify({ 0: [path] }));
    form.append('0', new Blob([new Uint8Array(64 * 1024)], { type: 'image/jpeg' }), 'cover.jpg');
    const response = await open.request('/graphql', {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await response.json()) as { errors?: Array<{ message: string }> };
    // Refused for what it is (a list where a word is expected), not for how deep its bytes go.
    expect(messagesOf(body)).not.toMatch(/nest at most/);
    expect(messagesOf(body)).toMatch(/\$k/);
  });

  it('answers what the client really asks', async () => {
    const body = await open.graphql(
      '{ posts(page: 1) { total pages items { id title image { srcset } } } latestPosts { id } upcomingCards { id } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.posts.total).toBe(0);
  });
});

describe('introspection', () => {
  it('is on outside production, with GraphiQL', async () => {
    const body = await open.graphql('{ __schema { queryType { name } } }');
    expect(body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('is off in production: no schema, no GraphiQL, no field suggestions', async () => {
    const body = await closed.graphql('{ __schema { queryType { name } } }');
    expect(body.data).toBeUndefined();
    expect(messagesOf(body)).toMatch(/introspection/i);

    const graphiql = await closed.request('/graphql', { headers: { accept: 'text/html' } });
    expect(await graphiql.text()).not.toContain('GraphiQL');

    const typo = await closed.graphql('{ latestPost { id } }');
    expect(messagesOf(typo)).toMatch(/latestPost/);
    expect(messagesOf(typo)).not.toMatch(/Did you mean/);
    const helpful = await open.graphql('{ latestPost { id } }');
    expect(messagesOf(helpful)).toMatch(/Did you mean "latestPosts"/);
  });

  // Every kind of hint graphql-js gives, each naming a part of the schema the caller did not know.
  const MISSPELLINGS: Array<{ kind: string; query: string; variables?: Record<string, unknown>; hint: RegExp }> = [
    { kind: 'an enum value', query: '{ posts(category: GAMEZ) { total } }', hint: /the enum value "GAME"/ },
    {
      kind: "an enum value as a variable's default",
      query: 'query ($c: Category = GAMEZ) { posts(category: $c) { total } }',
      hint: /the enum value "GAME"/,
    },
    {
      kind: 'an enum value in the variables',
      query: 'query ($c: Category) { posts(category: $c) { total } }',
      variables: { c: 'GAMEZ' },
      hint: /the enum value "GAME"/,
    },
    {
      kind: 'an input field in the variables',
      query: 'mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
      variables: { input: { nme: 'Ann' } },
      hint: /"name"/,
    },
    { kind: 'an argument', query: '{ posts(pag: 2) { total } }', hint: /"page"/ },
    { kind: 'a type', query: 'query ($c: Categry) { posts(category: $c) { total } }', hint: /"Category"/ },
    {
      kind: 'an input field',
      query: 'mutation { updateProfile(input: { nme: "Ann" }) { id } }',
      hint: /"name"/,
    },
  ];

  it.each(MISSPELLINGS)('names nothing the caller did not ask for when $kind is misspelt', async (misspelt) => {
    const hidden = messagesOf(await closed.graphql(misspelt.query, misspelt.variables));
    expect(hidden).not.toMatch(/Did you mean/);
    expect(hidden).not.toMatch(misspelt.hint);
    // Still says what is wrong, and with introspection on, the hint is there to help.
    expect(hidden.length).toBeGreaterThan(10);
    const helpful = messagesOf(await open.graphql(misspelt.query, misspelt.variables));
    expect(helpful).toMatch(/Did you mean/);
    expect(helpful).toMatch(misspelt.hint);
  });
});
