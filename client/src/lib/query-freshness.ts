// A 5-second query cache ("query results are cached for 5 seconds"), for every list and post query.
//
// Apollo's cache never expires on its own: with the default 'cache-first', a list seen once would be
// served from memory for the whole visit, and a post published meanwhile would never show. So each
// screen asks through useFreshQuery, which remembers when each (query, variables) pair last came
// from the server:
//   - younger than 5 s: 'cache-first', so going back and forth between screens costs no request;
//   - older, or never fetched: 'cache-and-network', so the cached list (if any) shows at once and
//     the server's answer replaces it as soon as it arrives.
// The choice is made when a screen shows a pair, not on every render: a list that stays on screen
// is not refetched behind the reader's back. After its request, a query follows 'cache-first', so a
// cache write by another query (the same post, fetched by its page) does not send it again.
// Age is counted from the last answer, like a max-age, not from when the screen was left.
import { type DocumentNode, NetworkStatus, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { canonicalStringify, getMainDefinition } from '@apollo/client/utilities';
import { useEffect, useState } from 'react';

export const QUERY_MAX_AGE_MS = 5_000;

// When the server last answered each query, by operation name and variables. The documents from
// graphql() each carry one named operation; the answers the server rendered the first page with
// (lib/server-state.ts) are counted as arriving with the page.
const answeredAt = new Map<string, number>();

const answerKey = (operationName: string, variablesKey: string) => `${operationName} ${variablesKey}`;

function operationNameOf(query: DocumentNode): string {
  return getMainDefinition(query).name?.value ?? '';
}

function lastAnswer(query: DocumentNode, variablesKey: string): number | undefined {
  return answeredAt.get(answerKey(operationNameOf(query), variablesKey));
}

function recordAnswer(query: DocumentNode, variablesKey: string): void {
  answeredAt.set(answerKey(operationNameOf(query), variablesKey), Date.now());
}

/** Counts these queries as answered at `at` (ms since the epoch): the page's own data. */
export function recordAnswers(answers: { operationName: string; variables: Record<string, unknown> }[], at: number) {
  for (const { operationName, variables } of answers) {
    answeredAt.set(answerKey(operationName, canonicalStringify(variables)), at);
  }
}

type FreshPolicy = 'cache-first' | 'cache-and-network';

function decide(query: DocumentNode, variablesKey: string): FreshPolicy {
  const at = lastAnswer(query, variablesKey);
  const fresh = at !== undefined && Date.now() - at <= QUERY_MAX_AGE_MS;
  return fresh ? 'cache-first' : 'cache-and-network';
}

/** useQuery for `query` with these variables, under the 5-second freshness rule above. */
export function useFreshQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  { skip = false }: { skip?: boolean } = {},
) {
  const variablesKey = canonicalStringify(variables);
  // Decided once per (query, variables) shown, as described above; re-decided when they change.
  const [decision, setDecision] = useState(() => ({
    variablesKey,
    fetchPolicy: decide(query, variablesKey),
  }));
  let fetchPolicy = decision.fetchPolicy;
  if (decision.variablesKey !== variablesKey) {
    fetchPolicy = decide(query, variablesKey);
    setDecision({ variablesKey, fetchPolicy });
  }

  const result = useQuery(query, {
    variables,
    skip,
    fetchPolicy,
    // When the variables change, Apollo goes back to initialFetchPolicy: the one decided for them.
    initialFetchPolicy: fetchPolicy,
    nextFetchPolicy: 'cache-first',
  } as useQuery.Options<TData, TVariables>);

  const answered =
    fetchPolicy === 'cache-and-network' &&
    result.networkStatus === NetworkStatus.ready &&
    result.dataState === 'complete' &&
    !result.error;
  useEffect(() => {
    if (answered) recordAnswer(query, variablesKey);
  }, [answered, query, variablesKey]);

  return result;
}
