// GraphQL over HTTP with Yoga: expected errors with their codes and HTTP statuses, everything else
// masked, and the limits that keep abusive queries cheap.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { getOperationAST, GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Context } from '../context.ts';
import { AppError, asExpectedError } from '../errors.ts';
import { schema } from '../schema.ts';
import { CROSS_SITE_REFUSED } from '../http/origin-policy.ts';
import { compiledQueries } from './compiled-queries.ts';
import { renderGraphiqlPage } from './graphiql.ts';
import { hideSuggestions } from './hide-suggestions.ts';
import { isJsonContainer } from './json-values.ts';
import { limitOperationCost } from './operation-cost.ts';
import { markShareableResults } from './shareable-results.ts';

// maxCost is in the fields' prices (server/graphql/operation-cost.ts): the client's dearest operation
// (the blog list with a search) costs about 350; 1000 leaves room for integrators and refuses
// fan-outs such as many aliased full pages or searches. tests/unit/graphql-client-costs.test.ts
// fails if a client operation ever needs more than half of it.
// maxVariableDepth: the deepest input the schema takes is an object holding a list of objects (about
// 4 levels); 32 leaves room and stops inputs that would exhaust graphql-js's recursive coercion.
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 1000,
  maxTokens: 2000,
  maxVariableDepth: 32,
} as const;

/**
 * Whether a JSON value nests deeper than `limit` arrays and objects; walked without recursion. An
 * upload's File is a leaf (json-values.ts).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null || !isJsonContainer(current)) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Variables nested past the limit are refused as bad input (HTTP 400) before graphql-js coerces them:
 * its coercion recurses, and a hostile variable 50 000 arrays deep exhausted the stack (a 500).
 */
const limitVariableNesting: Plugin = {
  onParams({ params }) {
    if (nestsDeeperThan(params.variables, GRAPHQL_LIMITS.maxVariableDepth)) {
      throw toGraphqlError(
        new AppError('BAD_USER_INPUT', `Variables may nest at most ${GRAPHQL_LIMITS.maxVariableDepth} levels deep`),
      );
    }
  },
};

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
  // At the bottom, an error graphql-js raised itself: a variable that does not fit its type.
  return current instanceof GraphQLError || asExpectedError(current) !== null;
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
          if (!cause || asExpectedError(cause) || cause instanceof GraphQLError) continue;
          console.error(`Unexpected error in a GraphQL operation (request ${args.contextValue.requestId}):`, cause);
        }
      },
    };
  },
};

/**
 * A mutation is a write: from another site's page it is refused before it runs, as REST refuses a
 * cross-site POST (server/http/origin-policy.ts). Queries run, as for a visitor not signed in.
 */
const refuseCrossSiteMutations: Plugin<Context> = {
  onExecute({ args, setResultAndStopExecution }) {
    if (!args.contextValue.crossSite) return;
    if (getOperationAST(args.document, args.operationName)?.operation === 'query') return;
    setResultAndStopExecution({ errors: [toGraphqlError(new AppError('FORBIDDEN', CROSS_SITE_REFUSED))] });
  },
};

/** Run with the request's Context as its server context (server/context.ts builds it once per request). */
export function createGraphqlHandler(config: Config) {
  const plugins: Plugin[] = [
    limitVariableNesting,
    logUnexpectedErrors as Plugin,
    refuseCrossSiteMutations as Plugin,
    // Multipart requests (file uploads) and GET queries carry no preflight: require a header that a
    // cross-site form cannot send. Apollo Client sends apollo-require-preflight for uploads. (Not
    // content-type: every form post has one, so listing it would let any cross-site form through;
    // the plugin already lets a JSON content type pass, since that one is preflighted.)
    useCSRFPrevention({
      requestHeaders: ['x-graphql-yoga-csrf', 'apollo-require-preflight'],
    }) as Plugin,
    // Shape limits at validation; the price once the variables are known, before anything runs.
    EnvelopArmorPlugin({
      // Not under __schema: GraphiQL's own schema query nests ofType about 20 deep. Introspection's
      // branching (fields of types of fields...) is bounded by graphql-js's MaxIntrospectionDepthRule.
      maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true },
      maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
      maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
      maxDirectives: { n: 20 },
      costLimit: { enabled: false },
      // Covers field names only; hideSuggestions covers every kind of hint.
      blockFieldSuggestion: { enabled: false },
    }) as Plugin,
    limitOperationCost(GRAPHQL_LIMITS.maxCost),
    ...(config.graphqlIntrospection ? [] : [useDisableIntrospection() as Plugin, hideSuggestions]),
    markShareableResults as Plugin,
    compiledQueries(),
  ];

  return createYoga<Context>({
    schema,
    logging: quietAboutExpectedErrors,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphqlIntrospection,
    // From the project's own files, not a CDN (server/graphql/graphiql.ts).
    renderGraphiQL: renderGraphiqlPage,
    landingPage: false,
    // Yoga's default CORS echoes any Origin with credentials; server/http/origin-policy.ts answers instead.
    cors: false,
    plugins,
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
        const expected = asExpectedError(current);
        if (expected) return toGraphqlError(expected, outer);
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
}
