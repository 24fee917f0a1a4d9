// Refuses request bodies over a size, with an answer the client gets to read. Hono's own bodyLimit
// answers as soon as it knows (from Content-Length, or once the limit is passed), while the client
// is still sending: Node then closes the connection under it, and a client that reads the answer
// after sending its request (HTTP/1.1 allows it) gets a reset connection instead of the 413. So the
// rest of a refused body is read and thrown away first, within bounds; past them, the answer goes
// out at once and says the connection closes. The same for a body within the limit that the route
// answered without reading (a 401 to an upload): a kept-alive connection stays usable.
import type { Context, MiddlewareHandler } from 'hono';

/** More of a refused body than this is not waited for. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
/** Nor for longer than this: a client this slow gets the answer now, and the connection closes. */
const DISCARD_MAX_MS = 30_000;

export interface BodyLimitOptions {
  /** Largest body accepted, in bytes. */
  maxSize: number;
  /** The answer to a body over the limit. */
  onError: (c: Context) => Response | Promise<Response>;
}

export function bodyLimit({ maxSize, onError }: BodyLimitOptions): MiddlewareHandler {
  const refuse = async (c: Context, bodyReadWhole: boolean) => {
    const response = await onError(c);
    return bodyReadWhole ? response : closing(response);
  };

  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();

    const declared = c.req.header('transfer-encoding') ? NaN : Number(c.req.header('content-length'));
    if (Number.isInteger(declared)) {
      // Node's parser holds the client to its Content-Length: the body is exactly that long.
      if (declared <= maxSize) {
        await next();
        // Answered without reading it (a 401 to an upload, say): Node would close the connection
        // under a client that keeps it alive, and a proxy reusing it would get a hang-up. Read the
        // rest, within the same bounds, so the connection stays usable; else say it closes.
        if (!c.req.raw.bodyUsed && !(await discardRest(body.getReader()))) c.res = closing(c.res);
        return;
      }
      const whole = declared - maxSize <= DISCARD_MAX_BYTES && (await discardRest(body.getReader()));
      return refuse(c, whole);
    }

    // Chunked: counted while read; the bytes are handed on when they fit.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) return refuse(c, await discardRest(reader));
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

/** The response, saying the connection closes after it (a copy when its headers are immutable). */
function closing(response: Response): Response {
  try {
    response.headers.set('Connection', 'close');
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('Connection', 'close');
    return copy;
  }
}

/** Reads the rest of a body and throws it away; false when a bound was reached first. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<'time up'>((resolve) => {
    timer = setTimeout(() => resolve('time up'), DISCARD_MAX_MS);
  });
  try {
    let discarded = 0;
    for (;;) {
      const result = await Promise.race([reader.read(), timeUp]);
      if (result === 'time up') return false;
      if (result.done) return true;
      discarded += result.value.byteLength;
      if (discarded > DISCARD_MAX_BYTES) return false;
    }
  } catch {
    // The client went away: nobody is left to read the answer anyway.
    return false;
  } finally {
    clearTimeout(timer);
  }
}
