// The part of autocannon 8's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface RequestSpec extends RequestParams {
    /** Called before every request of a connection; the context lives for one request here. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    pipelining?: number;
    /** Stop after this many requests. */
    amount?: number;
    /** Requests a second over all connections (each connection gets its share of a second). */
    overallRate?: number;
    requests?: RequestSpec[];
  }

  export interface Result {
    /** Seconds actually run. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
  }

  export interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
