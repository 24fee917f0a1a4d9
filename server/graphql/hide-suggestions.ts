// With introspection off, the schema is not handed out; graphql-js's "Did you mean ...?" hints would
// hand it out a name at a time: fields, arguments, types, and enum values ("Did you mean the enum
// value "GAME"?"), in validation errors and in the errors of variables that do not coerce. This
// removes every hint from every error of every result, whichever step produced it.
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';

// graphql-js ends a message with " Did you mean X?", where X lists names (which cannot hold a "?").
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

function withoutSuggestions(error: GraphQLError): GraphQLError {
  const message = error.message.replace(SUGGESTION, '');
  if (message === error.message) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

function cleaned(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  return { ...result, errors: result.errors.map(withoutSuggestions) };
}

/**
 * Yoga hands every operation's result to onExecutionResult: a failed validation, a failed variable
 * coercion, an execution. (The schema has no subscriptions or @defer, so no result is a stream.)
 */
export const hideSuggestions: Plugin = {
  onExecutionResult({ result, setResult }) {
    if (result && !(Symbol.asyncIterator in result)) setResult(cleaned(result));
  },
};
