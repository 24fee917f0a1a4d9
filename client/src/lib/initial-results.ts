// The answers the server wrote into a page it did not render (a form, the admin, or any page with
// SERVER_RENDERING=off) for its first queries (server/modules/pages/initial-results.ts), handed to
// Apollo as if they had just come over the network: the screen renders without waiting for a
// request after its scripts. A page the server rendered carries its whole cache instead
// (lib/server-state.ts). Each answer serves one request, and only within
// the 5-second freshness of an answer counted from the page's arrival (QUERY_MAX_AGE_MS): after that,
// or for any other query, the request goes to the server as usual.
import { ApolloLink } from '@apollo/client/link';
import { canonicalStringify } from '@apollo/client/utilities';
import { of } from 'rxjs';
import { QUERY_MAX_AGE_MS } from './query-freshness';

interface InitialResult {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

const keyOf = (operationName: string, variables: Record<string, unknown>) =>
  `${operationName} ${canonicalStringify(variables)}`;

function readInitialResults(): Map<string, InitialResult['data']> {
  const answers = new Map<string, InitialResult['data']>();
  const element = typeof document === 'undefined' ? null : document.getElementById('initial-results');
  if (!element?.textContent) return answers;
  try {
    for (const result of JSON.parse(element.textContent) as InitialResult[]) {
      answers.set(keyOf(result.operationName, result.variables), result.data);
    }
  } catch (error) {
    // Never expected; the queries then simply go to the server.
    console.warn('Ignoring unreadable initial results:', error);
  }
  return answers;
}

const answers = readInitialResults();

/** Answers an operation from the page's initial results once, while they are fresh. */
export const initialResultsLink = new ApolloLink((operation, forward) => {
  if (answers.size === 0) return forward(operation);
  const key = keyOf(operation.operationName ?? '', operation.variables);
  const data = answers.get(key);
  answers.delete(key);
  if (data === undefined || performance.now() > QUERY_MAX_AGE_MS) {
    if (performance.now() > QUERY_MAX_AGE_MS) answers.clear();
    return forward(operation);
  }
  return of({ data });
});
