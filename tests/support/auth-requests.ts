// Sign-in requests as a browser makes them: the mutation, the Set-Cookie it answers with, and the
// Cookie header to send back. For apps created with TRUST_PROXY=true, so `address` can vary the caller.
import type { GraphqlResult, TestApp } from './test-app.ts';

export const USER_FIELDS = 'id name email isAdmin';
export const ME = `{ me { ${USER_FIELDS} } }`;
export const LOGIN = `mutation Login($email: String!, $password: String!) {
  login(email: $email, password: $password) { ${USER_FIELDS} }
}`;
export const LOGOUT = 'mutation { logout }';
export const REGISTER = `mutation Register($name: String!, $email: String!, $password: String!) {
  register(name: $name, email: $email, password: $password)
}`;
export const UPDATE_PROFILE = `mutation UpdateProfile($input: UpdateProfileInput!) {
  updateProfile(input: $input) { ${USER_FIELDS} }
}`;

// The assertions check the data's shape; typing every operation's result would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyData = any;

export interface CallResult<T = AnyData> {
  response: Response;
  body: GraphqlResult<T>;
  /** The session Set-Cookie header of the response, if any. */
  setCookie: string | undefined;
  /** What a browser would send back after it: the cookie's name=value. */
  cookie: string | undefined;
}

export function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((value) => value.startsWith('session='));
}

let addressCounter = 0;
/** A caller address no other test uses (so the per-address login limit never leaks between tests). */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

export async function call<T = AnyData>(
  t: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  options: { cookie?: string; address?: string } = {},
): Promise<CallResult<T>> {
  const response = await t.graphqlResponse(query, variables, {
    cookie: options.cookie,
    headers: { 'x-forwarded-for': options.address ?? freshAddress() },
  });
  const setCookie = sessionSetCookie(response);
  return { response, body: await response.json(), setCookie, cookie: setCookie?.split(';')[0] };
}

export function login(
  t: TestApp,
  email: string,
  password: string,
  options: { cookie?: string; address?: string } = {},
): Promise<CallResult<{ login: { id: string; name: string; email: string; isAdmin: boolean } }>> {
  return call(t, LOGIN, { email, password }, options);
}

export async function me(t: TestApp, cookie: string | undefined) {
  return (await call<{ me: { id: string; email: string } | null }>(t, ME, {}, { cookie })).body.data?.me ?? null;
}

/** The session id a cookie carries ("session=<id>.<secret>"). */
export function sessionIdOf(cookie: string): string {
  return cookie.replace(/^session=/, '').split('.')[0]!;
}
