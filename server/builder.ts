// Configures the Pothos builder and its plugins, plus the scalars every module shares; the object
// types live in server/modules/*/<domain>.schema.ts.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import type { Context } from './context.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';
import type PrismaTypes from './generated/pothos-prisma-types.ts';
import { getDatamodel } from './generated/pothos-prisma-types.ts';

interface BuilderOptions {
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { loggedIn: boolean; admin: boolean };
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    File: { Input: File; Output: never };
  };
}

/** The builder's types, for helpers that build fields outside a type's own definition. */
export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<BuilderOptions>;

export const builder = new SchemaBuilder<BuilderOptions>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  // Prices of fields (docs/decisions/018-graphql-prices.md): 1 each, and a list multiplies what is
  // selected in it by its length; a list the schema does not bound (the cards) counts as 10 rows.
  // The limit is checked before execution by server/graphql/operation-cost.ts.
  complexity: { defaultComplexity: 1, defaultListMultiplier: 10 },
  scopeAuth: {
    authScopes: (ctx) => ({
      loggedIn: ctx.viewer !== null,
      admin: ctx.viewer?.isAdmin === true,
    }),
    // Anonymous callers are told to sign in (401); signed-in callers without the right get 403.
    unauthorizedError: (_parent, ctx) => (ctx.viewer ? forbidden() : unauthenticated()),
  },
  prisma: {
    // Each request carries its own client, so tests can run apps on separate databases side by side.
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
});

builder.queryType({});
builder.mutationType({});

const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date and time in UTC, such as 2026-11-21T09:30:00.000Z',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    // With its offset (Z or ±hh:mm): a time without one names no instant, and new Date() would read
    // it in this server process's zone, neither the author's nor the site's (kernel/zoned-time.ts).
    const date = typeof value === 'string' && DATE_TIME_WITH_OFFSET.test(value) ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime()))
      throw new GraphQLError('DateTime must be an ISO 8601 string with its offset, such as 2026-11-21T09:30:00Z');
    return date;
  },
});

builder.scalarType('File', {
  description:
    'A file sent in a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec)',
  serialize: () => {
    throw new GraphQLError('A File cannot be sent back');
  },
  parseValue: (value) => {
    // Yoga's multipart parser hands over its own File (from @whatwg-node/node-fetch), which is not an
    // instance of Node's global File: accept anything that reads like one.
    if (!isFileLike(value)) throw new AppError('BAD_USER_INPUT', 'Expected a file upload');
    return value;
  },
});

function isFileLike(value: unknown): value is File {
  if (value instanceof File) return true;
  const file = value as Partial<File> | null;
  return (
    typeof file === 'object' && file !== null && typeof file.arrayBuffer === 'function' && typeof file.size === 'number'
  );
}
