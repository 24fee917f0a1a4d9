// GraphQL over HTTP with Yoga: the context per request, expected errors with their codes and HTTP
// statuses, everything else masked, and the limits that keep abusive queries cheap.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Context, RequestState } from '../context.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { schema } from '../schema.ts';
import type { Services } from '../services.ts';
import { resolveViewer } from '../http/viewer.ts';
import { markShareableResults } from './shareable-results.ts';

// Costs in graphql-armor's model, where fragments and depth weigh: the client's heaviest operation
// (the blog list with its card fragments) costs about 334; 1000 leaves room for integrators and
// refuses fan-outs such as many aliased full lists. tests/integration/graphql-client-costs.test.ts
// fails if a client operation ever needs more than half of it.
export const GRAPHQL_LIMITS = { maxDepth: 10, maxAliases: 15, maxCost: 1000, maxTokens: 2000 } as const;

/** A request error raised deep inside graphql-js, reported where the outer error points. */
function withPosition(inner: GraphQLError, outer: GraphQLError | undefined): GraphQLError {
  const message = outer && outer.message !== inner.message ? outer.message : inner.message;
  return new GraphQLError(message, {
    nodes: outer?.nodes,
    source: outer?.source,
    positions: outer?.positions,
    path: outer?.path,
    extensions: { ...inner.extensions, ...outer?.extensions },
  });
}

/** The error a client sees for an expected failure: its code, field errors and HTTP status. */
export function toGraphqlError(error: AppError, original?: GraphQLError): GraphQLError {
  const headers: Record<string, string> = {};
  if (error.details.retryAfterSeconds) headers['Retry-After'] = String(error.details.retryAfterSeconds);
  return new GraphQLError(error.message, {
    nodes: original?.nodes,
    source: original?.source,
    positions: original?.positions,
    path: original?.path,
    extensions: {
      code: error.code,
      ...(error.details.fieldErrors ? { fieldErrors: error.details.fieldErrors } : {}),
      ...(error.details.retryAfterSeconds ? { retryAfterSeconds: error.details.retryAfterSeconds } : {}),
      http: { status: error.status, headers },
    },
  });
}

// Yoga logs every error it masks; expected ones (a wrong password, a validation message) are part of
// normal use, and logging them would let anyone flood the logs. Only the unexpected are logged.
function isExpected(value: unknown): boolean {
  let current = value;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current instanceof AppError;
}

const quietAboutExpectedErrors = {
  debug: () => {},
  info: (...args: unknown[]) => console.info(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => {
    if (args.some(isExpected)) return;
    console.error(...args);
  },
};

/** Logs what a resolver threw that nobody expected, with the request id the caller gets in X-Request-Id. */
const logUnexpectedErrors: Plugin<Context> = {
  onExecute() {
    return {
      onExecuteDone({ args, result }) {
        if (!('errors' in result) || !result.errors) return;
        for (const error of result.errors) {
          const cause = error.originalError;
          if (!cause || cause instanceof AppError || cause instanceof GraphQLError) continue;
          console.error(`Unexpected error in a GraphQL operation (request ${args.contextValue.requestId}):`, cause);
        }
      },
    };
  },
};

export function createGraphqlHandler({ config, db, services }: { config: Config; db: Database; services: Services }) {
  const plugins: Plugin[] = [
    logUnexpectedErrors as Plugin,
    // Multipart requests (file uploads) and GET queries carry no preflight: require a header that a
    // cross-site form cannot send. Apollo Client sends apollo-require-preflight for uploads. (Not
    // content-type: every form post has one, so listing it would let any cross-site form through;
    // the plugin already lets a JSON content type pass, since that one is preflighted.)
    useCSRFPrevention({
      requestHeaders: ['x-graphql-yoga-csrf', 'apollo-require-preflight'],
    }) as Plugin,
    // Shape limits first, then cost: a query that is too deep is told so, not just "too costly".
    EnvelopArmorPlugin({
      maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: false },
      maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
      maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
      maxDirectives: { n: 20 },
      costLimit: { enabled: false },
      // Suggestions ("Did you mean ...?") leak the schema when introspection is off.
      blockFieldSuggestion: { enabled: !config.graphqlIntrospection },
    }) as Plugin,
    EnvelopArmorPlugin({
      costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true },
      maxDepth: { enabled: false },
      maxAliases: { enabled: false },
      maxTokens: { enabled: false },
      maxDirectives: { enabled: false },
      blockFieldSuggestion: { enabled: false },
    }) as Plugin,
    ...(config.graphqlIntrospection ? [] : [useDisableIntrospection() as Plugin]),
    markShareableResults as Plugin,
  ];

  return createYoga<RequestState, Context>({
    schema,
    logging: quietAboutExpectedErrors,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphqlIntrospection,
    landingPage: false,
    plugins,
    context: async ({ request, ...state }): Promise<Context> => {
      const { viewer, sessionId } = await resolveViewer(services, request, state);
      return { ...state, request, prisma: db.prisma, config, services, viewer, sessionId };
    },
    maskedErrors: {
      maskError(error, message) {
        const outer = error instanceof GraphQLError ? error : undefined;
        // graphql-js wraps what a scalar or resolver throws, sometimes twice (a variable's value):
        // walk down to the first expected error or to an error graphql itself raised.
        let current: unknown = error;
        while (current instanceof GraphQLError) {
          if (!current.originalError) return current === outer ? current : withPosition(current, outer);
          current = current.originalError;
        }
        if (current instanceof AppError) return toGraphqlError(current, outer);
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
}
