// Marks the GraphQL results that anyone may be given, so the server's response cache
// (server/http/response-cache.ts) can answer the same request again from memory: a query (not a
// mutation) from a caller who is not signed in, that searched nothing and returned no errors. Such
// a result depends only on what visitors read, which the cache is emptied on.
import { getOperationAST, Kind, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../context.ts';

/** Where a document searches: a `search:` given a literal, or the variables given to one. */
interface SearchArguments {
  literal: boolean;
  variables: string[];
}

// Per parsed document, which Yoga's parser cache shares between requests of the same text: the
// blog list's query is walked once, not for each of its pages.
const searchArguments = new WeakMap<DocumentNode, SearchArguments>();

function searchArgumentsOf(document: DocumentNode): SearchArguments {
  let found = searchArguments.get(document);
  if (found) return found;
  found = { literal: false, variables: [] };
  const result = found;
  visit(document, {
    Argument(node) {
      if (node.name.value !== 'search' || node.value.kind === Kind.NULL) return;
      if (node.value.kind === Kind.VARIABLE) result.variables.push(node.value.name.value);
      else result.literal = true;
    },
  });
  searchArguments.set(document, found);
  return found;
}

/** A `search:` argument with a value: searches are never stored (see response-cache.ts). */
function searches(document: DocumentNode, variables: Record<string, unknown> | null | undefined): boolean {
  const { literal, variables: names } = searchArgumentsOf(document);
  return (
    literal ||
    names.some((name) => {
      const value = variables?.[name];
      return !(value === null || value === undefined || (typeof value === 'string' && value.trim() === ''));
    })
  );
}

export const markShareableResults: Plugin<Context> = {
  onExecute({ args }) {
    const context = args.contextValue;
    if (context.viewer || context.sessionId) return;
    const operation = getOperationAST(args.document, args.operationName);
    if (operation?.operation !== 'query') return;
    if (searches(args.document, args.variableValues)) return;
    return {
      onExecuteDone({ result }) {
        if ('errors' in result && result.errors?.length) return;
        if (Symbol.asyncIterator in result) return;
        context.shareable.result = true;
      },
    };
  },
};
