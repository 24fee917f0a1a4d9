// File uploads through Apollo: a terminating link that sends an operation whose variables hold a
// File (or Blob) as a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec):
//   operations  the JSON body with every file replaced by null
//   map         { "0": ["variables.input.image"], ... }
//   0, 1, ...   the files
// No package needed for ~80 lines; the answer is read exactly as HttpLink reads it, so errors reach
// the rest of the link chain in the same shapes (CombinedGraphQLErrors, ServerError).
import { ApolloLink } from '@apollo/client/link';
import { fallbackHttpConfig, parseAndCheckHttpResponse, selectHttpOptionsAndBody } from '@apollo/client/link/http';
import { Observable } from 'rxjs';

export interface UploadLinkOptions {
  /** The GraphQL endpoint; same-origin /graphql unless given. */
  uri?: string;
  credentials?: RequestCredentials;
}

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** True when a File or Blob appears anywhere in the value (plain objects and arrays). */
export function containsFiles(value: unknown): boolean {
  if (isFile(value)) return true;
  if (!isPlainContainer(value)) return false;
  return Object.values(value).some(containsFiles);
}

/** For ApolloLink.split: true for an operation that must go as a multipart request. */
export function isUploadOperation(operation: ApolloLink.Operation): boolean {
  return containsFiles(operation.variables);
}

/**
 * A copy of `value` with every file replaced by null, and where each file was, as dotted paths
 * ("variables.input.image"). A file used twice is sent once, with both paths.
 */
export function extractFiles(value: unknown): { clone: unknown; files: Map<Blob, string[]> } {
  const files = new Map<Blob, string[]>();
  const walk = (node: unknown, path: readonly string[]): unknown => {
    if (isFile(node)) {
      const dotted = path.join('.');
      const paths = files.get(node);
      if (paths) paths.push(dotted);
      else files.set(node, [dotted]);
      return null;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, String(index)]));
    if (isPlainContainer(node)) {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, [...path, key])]));
    }
    return node;
  };
  return { clone: walk(value, []), files };
}

/**
 * The multipart terminating link. It sends 'apollo-require-preflight: true': a header a cross-site
 * form cannot send, which the server's CSRF prevention requires of every multipart request.
 */
export function createUploadLink({
  uri = '/graphql',
  credentials = 'same-origin',
}: UploadLinkOptions = {}): ApolloLink {
  return new ApolloLink((operation) => {
    const context = operation.getContext();
    const { options, body } = selectHttpOptionsAndBody(operation, fallbackHttpConfig, {
      credentials,
      headers: context.headers as Record<string, string> | undefined,
      http: context.http as object | undefined,
      options: context.fetchOptions,
    });
    const { clone, files } = extractFiles(body);
    const entries = [...files];
    // The spec's order: operations, then map, then the files.
    const form = new FormData();
    form.set('operations', JSON.stringify(clone));
    form.set('map', JSON.stringify(Object.fromEntries(entries.map(([, paths], index) => [index, paths]))));
    entries.forEach(([file], index) => form.set(String(index), file, file instanceof File ? file.name : 'blob'));

    // The browser writes multipart/form-data with its boundary: the JSON content type must go.
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    delete headers['content-type'];
    headers['apollo-require-preflight'] = 'true';

    return new Observable<ApolloLink.Result>((observer) => {
      const controller = new AbortController();
      fetch(uri, { ...options, method: 'POST', headers, body: form, signal: controller.signal })
        .then((response) => {
          operation.setContext({ response });
          return parseAndCheckHttpResponse(operation)(response);
        })
        .then((result) => {
          observer.next(result as ApolloLink.Result);
          observer.complete();
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) observer.error(error);
        });
      return () => controller.abort();
    });
  });
}
