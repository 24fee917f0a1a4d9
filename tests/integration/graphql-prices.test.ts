// Every field has a price (docs/decisions/018-graphql-prices.md): a list multiplies what is asked of
// each row by the rows it holds, a search adds the price of its query. Wide fan-outs are refused
// before anything runs; what the client asks goes through.
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlogListDocument,
  CategoryListDocument,
  HomePageDocument,
  PostDetailDocument,
  ShowUpcomingCardsDocument,
} from '../../client/src/gql/graphql.ts';
import { GRAPHQL_LIMITS } from '../../server/graphql/yoga.ts';
import { POST_FIELDS } from '../support/content.ts';
import { createQueryLoggingApp, type QueryLoggingApp } from '../support/query-log.ts';
import { appsForFile } from '../support/fixtures.ts';

const apps = appsForFile({ open: {}, closed: { NODE_ENV: 'production' } });
let logged: QueryLoggingApp;
beforeAll(async () => {
  logged = await createQueryLoggingApp();
});
afterAll(() => logged.dispose());

const aliased = (count: number, field: (i: number) => string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join('\n')} }`;

const FAN_OUTS = {
  'fifteen full pages': aliased(GRAPHQL_LIMITS.maxAliases, (i) => `posts(page: ${i + 1}) { items { ${POST_FIELDS} } }`),
  'fifteen searches': aliased(GRAPHQL_LIMITS.maxAliases, (i) => `posts(search: "word${i}") { total }`),
};

describe('GraphQL prices', () => {
  for (const [name, query] of Object.entries(FAN_OUTS)) {
    for (const [introspection, app] of [
      ['on', () => apps.open],
      ['off', () => apps.closed],
    ] as const) {
      it(`refuses ${name} with introspection ${introspection}`, async () => {
        const response = await app().graphqlResponse(query);
        const body = await response.json();
        expect(response.status).toBe(400);
        expect(body.data).toBeUndefined();
        expect(body.errors).toHaveLength(1);
        expect(body.errors[0].message).toMatch(
          new RegExp(`^The query costs \\d+, more than the limit of ${GRAPHQL_LIMITS.maxCost}`),
        );
        expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
      });
    }
  }

  it('refuses the fan-out before a single search reaches the database', async () => {
    const sql = await logged.queriesDuring(() => logged.graphql(FAN_OUTS['fifteen searches']));
    expect(sql.filter((statement) => statement.includes('to_tsquery'))).toEqual([]);
  });

  it('prices a search given in a variable when it has words, not when it is empty', async () => {
    const query = `query ($q: String) ${aliased(GRAPHQL_LIMITS.maxAliases, () => 'posts(search: $q) { total }')}`;
    const searching = await apps.open.graphql(query, { q: 'zelda' });
    expect(searching.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
    const listing = await apps.open.graphql(query, { q: null });
    expect(listing.errors).toBeUndefined();
    expect(listing.data.a0).toEqual({ total: 0 });
    // Each price is kept for the variables it was worked out with, not for the document alone.
    expect((await apps.open.graphql(query, { q: 'zelda' })).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
    expect((await apps.open.graphql(query, { q: null })).errors).toBeUndefined();
  });

  it("answers the client's own operations, a search included", async () => {
    const operations: Array<[DocumentNode, Record<string, unknown>]> = [
      [HomePageDocument, {}],
      [BlogListDocument, { page: 1, search: 'zelda' }],
      [CategoryListDocument, { page: 2, category: 'GAME' }],
      [PostDetailDocument, { slug: 'no-such-post' }],
      [ShowUpcomingCardsDocument, {}],
    ];
    for (const app of [apps.open, apps.closed]) {
      for (const [document, variables] of operations) {
        const body = await app.graphql(print(document), variables);
        expect(body.errors, print(document)).toBeUndefined();
      }
    }
  });

  it('answers a few searches or full pages at once', async () => {
    const body = await apps.open.graphql(
      `{ a: posts(search: "zelda") { total } b: posts(search: "mario") { total }
         c: posts(page: 1) { items { ${POST_FIELDS} } } d: posts(page: 2) { items { ${POST_FIELDS} } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.c.items).toEqual([]);
  });
});
