// The cookies and request id a handler's response leaves with (server/http/request-state.ts).
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { type RequestState, withCookies } from '../../server/http/request-state.ts';

const state = (cookies: string[]): RequestState => ({
  requestId: 'req-1',
  clientAddress: '127.0.0.1',
  crossSite: false,
  responseCookies: cookies,
  shareable: { result: false },
});

describe('a response on its way out', () => {
  it('gets the request id and the cookies, its body and status as they were', async () => {
    const response = withCookies(
      Response.json({ ok: true }, { status: 201 }),
      state(['sid=abc; HttpOnly', 'theme=dark']),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.headers.getSetCookie()).toEqual(['sid=abc; HttpOnly', 'theme=dark']);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('is copied when its headers may not change (a redirect made by Response.redirect)', async () => {
    const redirect = Response.redirect('http://localhost/elsewhere', 302);
    const response = withCookies(redirect, state(['sid=; Max-Age=0']));
    expect(response).not.toBe(redirect);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost/elsewhere');
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.headers.getSetCookie()).toEqual(['sid=; Max-Age=0']);
  });

  it("is copied into the platform's own Response when it is Yoga's (its headers are its fetch library's class)", async () => {
    const yoga = createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: {} }) });
    const answer = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    // What the HTTP adapter cannot send: its headers are not the platform's Headers.
    expect(answer.headers).not.toBeInstanceOf(Headers);
    const response = withCookies(answer, state(['sid=abc']));
    expect(response.headers).toBeInstanceOf(Headers);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.headers.getSetCookie()).toEqual(['sid=abc']);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
