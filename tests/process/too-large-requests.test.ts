// A request body over the limit is refused with a 413 that the client actually reads: over real TCP,
// from a client still sending its body slowly when the server has already decided. The connection
// must not be closed under the client before it has read the answer.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT, siteDatabase, startServer, type ServerProcess } from '../support/server-process.ts';
import { testDbKind } from '../support/test-database.ts';

const MB = 1024 * 1024;
// MAX_UPLOAD_MB=1: a request may carry 1 MB of image plus 1 MB for the other fields.
const TOO_LARGE = 3 * MB;
const MESSAGE = 'The request is too large (at most 1 MB of image)';

let dataDir: string;
let server: ServerProcess;
let dropDatabase = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'blog-413-'));
  const database = await siteDatabase(dataDir, true);
  dropDatabase = database.drop;
  server = await startServer({ DATA_DIR: dataDir, MAX_UPLOAD_MB: '1', ...database.env });
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/**
 * A client that sends its whole request before it reads the answer (HTTP/1.1 allows it, and simple
 * clients do just that): `bytes` of body in 64 KB pieces with a pause between them, of declared
 * length or chunked. The server has decided long before the last piece; if it closes the
 * connection meanwhile, the client's next write is refused and the answer waiting in its buffer is
 * lost with the connection (an EPIPE or "other side closed" instead of the 413).
 */
function slowPost(urlPath: string, bytes: number, { chunked }: { chunked: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    socket.pause();
    const received: Buffer[] = [];
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`;
    socket.write(
      `POST ${urlPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/octet-stream\r\n` +
        `Origin: ${server.url}\r\nConnection: close\r\n${framing}\r\n\r\n`,
    );
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const sendNext = () => {
      if (socket.destroyed) return;
      if (sent >= bytes) {
        if (chunked) socket.write('0\r\n\r\n');
        // Only now does this client read what the server said.
        socket.resume();
        return;
      }
      sent += piece.length;
      socket.write(
        chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece,
      );
      // About 2 s in all: the body is still arriving well after the server has decided.
      setTimeout(sendNext, 40);
    };
    sendNext();
  });
}

describe(`a request over the size limit on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('answers /api with the JSON 413 that a client reading after its slow upload of declared length gets', async () => {
    const answer = await slowPost('/api/posts', TOO_LARGE, { chunked: false });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: MESSAGE });
  });

  it('answers /graphql with the JSON 413 too, after a slow chunked upload', async () => {
    const answer = await slowPost('/graphql', TOO_LARGE, { chunked: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      errors: [{ message: MESSAGE, extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
  });
});

/**
 * Two requests on one kept-alive connection, as a reverse proxy sends them: a multipart POST that the
 * server refuses before reading its body, then a GET. What the first answer says about the connection,
 * and the second's status (a hang-up fails the test).
 */
function twoOnOneConnection(first: { path: string; body: Buffer; contentType: string }): Promise<{
  firstStatus: number;
  firstConnection: string | undefined;
  secondStatus: number;
}> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { hostname, port } = new URL(server.url);
    const request = http.request(
      {
        hostname,
        port,
        agent,
        method: 'POST',
        path: first.path,
        headers: { 'content-type': first.contentType, 'content-length': first.body.length },
      },
      (response) => {
        response.resume();
        response.once('end', () => {
          // The agent reuses the socket at once if the answer said keep-alive: the proxy's situation.
          setImmediate(() => {
            const second = http.get({ hostname, port, agent, path: '/healthz' }, (answer) => {
              answer.resume();
              answer.once('end', () => {
                agent.destroy();
                resolve({
                  firstStatus: response.statusCode!,
                  firstConnection: response.headers.connection,
                  secondStatus: answer.statusCode!,
                });
              });
            });
            second.once('error', reject);
          });
        });
      },
    );
    request.once('error', reject);
    request.end(first.body);
  });
}

describe(`a refused request whose body was not read, on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('leaves the connection usable, so a proxy that keeps connections alive can reuse it', async () => {
    // A 400 KB picture upload with no session: 401 before the body is read.
    const boundary = 'x-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nZelda\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\n`),
      Buffer.from('content-type: image/png\r\n\r\n'),
      Buffer.alloc(400 * 1024, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (let round = 0; round < 5; round++) {
      const result = await twoOnOneConnection({
        path: '/api/blogposts',
        body,
        contentType: `multipart/form-data; boundary=${boundary}`,
      });
      // The body was read and thrown away: the connection stays alive and serves the next request.
      expect(result).toEqual({ firstStatus: 401, firstConnection: 'keep-alive', secondStatus: 200 });
    }
  });
});
