// The cookies and request id a handler's response leaves with (server/http/request-state.ts).
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { type RequestState, withCookies } from '../../server/http/request-state.ts';
import { asPlatformResponse, bodyBytes } from '../../server/http/response-bytes.ts';

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

describe("Yoga's answer made the platform's (server/http/response-bytes.ts)", () => {
  const yoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { hello(name: String!): String }', resolvers: {} }),
    graphiql: true,
  });
  const post = (body: unknown) =>
    yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify(body),
    });

  it('keeps its JSON as bytes the next layer takes without reading the body', async () => {
    const response = await asPlatformResponse(await post({ query: '{ __typename }' }));
    expect(response.headers).toBeInstanceOf(Headers);
    expect(response.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    const bytes = await bodyBytes(response);
    // Handed over, not read: the response can still be sent as it is.
    expect(response.bodyUsed).toBe(false);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ data: { __typename: 'Query' } });
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('keeps its status and its error', async () => {
    const response = await asPlatformResponse(await post({ query: 'query ($n: String!) { hello(name: $n) }' }));
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Array<{ message: string }> };
    expect(errors[0]!.message).toContain('Variable "$n" of required type "String!" was not provided.');
  });

  it("hands on a body that is not JSON as it is (GraphiQL's page)", async () => {
    const answer = await yoga.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
    const response = await asPlatformResponse(answer);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<html');
  });
});
