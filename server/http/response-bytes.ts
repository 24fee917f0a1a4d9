// Responses made from bytes the server already holds, and a way to get those bytes back. A response
// passes through several layers that each need its whole body (the ETag's hash, compression, the
// response cache): reading it back with arrayBuffer() makes Node's own Response out of the adapter's
// lightweight one and pipes the bytes through a stream, once per layer. On a list page the server must
// make again after a write, that was a fifth of its time (bench scenario 11's CPU profile).
const bodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/** A response whose body is these bytes, which bodyBytes() then hands back without reading them. */
export function bytesResponse(body: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/** The whole body: as given to bytesResponse(), or read (which uses the response up). */
export async function bodyBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  return bodies.get(response) ?? new Uint8Array(await response.arrayBuffer());
}

const utf8 = new TextEncoder();

/** A string's UTF-8 bytes, as a response sends them. */
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(text);
}

/** Parts joined into one body. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}

/** JSON the caller has encoded already, as Hono's c.json() would send it. */
export function jsonBytesResponse(body: Uint8Array<ArrayBuffer>, status = 200): Response {
  return bytesResponse(body, { status, headers: { 'Content-Type': 'application/json' } });
}

const JSON_TYPE = /^application\/(?:graphql-response\+)?json\b/i;

/**
 * A response from another fetch implementation (Yoga answers with @whatwg-node's own classes) as
 * the platform's: its headers copied into Headers the layers above may change, and a JSON body
 * taken as bytes at once (Yoga made it from a string), so no layer reads it back through two kinds
 * of stream. Any other body (a page, a stream) is handed on as it is.
 */
export async function asPlatformResponse(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (response.body === null || !JSON_TYPE.test(headers.get('content-type') ?? '')) {
    return new Response(response.body, init);
  }
  return bytesResponse(new Uint8Array(await response.arrayBuffer()), init);
}
