// One origin policy for /graphql and /api (docs/decisions/016-one-origin-policy.md): a page on
// another site never acts with the caller's session (its writes are refused and change nothing, its
// reads are answered as to a visitor who is not signed in), any site may read what anyone may read
// without credentials, the site's own anonymous reads are still answered from the response cache,
// and behind a reverse proxy that rewrites Host the forwarded origin counts with TRUST_PROXY=true.
import { beforeAll, describe, expect, it } from 'vitest';
import { freshAddress } from '../support/auth-requests.ts';
import { CARDS, DELETE_CARD, LATEST_POSTS, seedPosts, uploadCard } from '../support/content.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { createTestApp, documentText, type AnyDocument } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const SITE = 'http://blog.test';
const EVIL = 'http://evil.example';
const ME = '{ me { email } }';

const site = appWithAdmin();

beforeAll(async () => {
  // On PostgreSQL the response cache is off until the change channel is heard.
  for (let waited = 0; !site.t.app.changes.trustworthy && waited < 10_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

async function newCard(): Promise<string> {
  const { body } = await uploadCard(site.t, site.admin);
  expect(body.errors).toBeUndefined();
  return body.data.createUpcomingCard.id;
}

/** deleteUpcomingCard through GraphQL with the admin's cookie, sent with these headers (an Origin). */
const deleteCardWithSession = (id: string, headers: Record<string, string>) =>
  site.t.graphqlResponse(DELETE_CARD, { id }, { cookie: site.admin, headers });

const cardExists = async (id: string) => (await site.t.db.prisma.upcomingCard.count({ where: { id } })) === 1;

/** A JSON GraphQL POST with its length, as a browser sends it (the response cache needs the length). */
function graphqlPost(query: AnyDocument, variables: Record<string, unknown>, headers: Record<string, string>) {
  const body = JSON.stringify({ query: documentText(query), variables });
  return site.t.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  });
}

function expectNoCredentialedGrant(response: Response) {
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('vary') ?? '').not.toMatch(/origin/i);
}

describe(`requests from another site (${testDbKind})`, () => {
  it.each(['/graphql', '/api/blogposts', '/api/upcoming/some-id'])(
    'a preflight to %s grants reads without credentials, the same for every origin',
    async (path) => {
      for (const origin of [EVIL, SITE]) {
        const response = await site.t.request(path, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
        expect(response.status).toBe(204);
        expectNoCredentialedGrant(response);
        expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
        expect(response.headers.get('access-control-allow-headers')).toMatch(/^Content-Type,/);
        expect(response.headers.get('access-control-allow-headers')).not.toMatch(/forwarded/i);
      }
    },
  );

  it('cannot delete a card through GraphQL with the admin’s cookie', async () => {
    const id = await newCard();
    const response = await deleteCardWithSession(id, { origin: EVIL });
    expect(response.status).toBe(403);
    expectNoCredentialedGrant(response);
    expect(await response.json()).toEqual({
      errors: [expect.objectContaining({ message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } })],
    });
    expect(await cardExists(id)).toBe(true);
    expect(JSON.stringify(await site.t.graphql(CARDS))).toContain(id);
  });

  it('cannot delete a card through REST with the admin’s cookie', async () => {
    const id = await newCard();
    const response = await site.t.request(`/api/upcoming/${id}`, {
      method: 'DELETE',
      headers: { cookie: site.admin, origin: EVIL },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
    expect(await cardExists(id)).toBe(true);
  });

  it('is refused a write whatever names it as foreign: Origin "null", or only Sec-Fetch-Site', async () => {
    const id = await newCard();
    const foreign: Array<Record<string, string>> = [
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const graphql = await deleteCardWithSession(id, headers);
      expect(graphql.status).toBe(403);
      const rest = await site.t.request(`/api/upcoming/${id}`, {
        method: 'DELETE',
        headers: { cookie: site.admin, ...headers },
      });
      expect(rest.status).toBe(403);
    }
    expect(await cardExists(id)).toBe(true);
  });

  it('reads as a visitor who is not signed in, even with the admin’s cookie', async () => {
    expect(await site.t.graphql(ME, {}, { cookie: site.admin })).toEqual({
      data: { me: { email: expect.any(String) } },
    });
    const foreign: Array<Record<string, string>> = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      const read = await site.t.graphqlResponse(ME, {}, { cookie: site.admin, headers });
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({ data: { me: null } });
      // No session was used, so none is renewed or ended.
      expect(read.headers.get('set-cookie')).toBeNull();
      const profile = await site.t.request('/api/users/profile', { headers: { cookie: site.admin, ...headers } });
      expect(profile.status).toBe(401);
    }
  });

  it('lets another site’s scripts read public posts without credentials', async () => {
    await seedPosts(site.t.db.prisma, [{ title: 'For integrators' }]);
    const graphql = await site.t.graphqlResponse(LATEST_POSTS, {}, { headers: { origin: EVIL } });
    expect(graphql.status).toBe(200);
    expectNoCredentialedGrant(graphql);
    expect(await graphql.text()).toContain('For integrators');
    const rest = await site.t.request('/api/blogposts/latest', { headers: { origin: EVIL } });
    expect(rest.status).toBe(200);
    expectNoCredentialedGrant(rest);
    expect(await rest.text()).toContain('For integrators');
  });
});

describe(`requests from the site itself (${testDbKind})`, () => {
  it('write with the session', async () => {
    const id = await newCard();
    const response = await deleteCardWithSession(id, { origin: SITE });
    expect(await response.json()).toEqual({ data: { deleteUpcomingCard: id } });
    expect(await cardExists(id)).toBe(false);
    const viaRest = await newCard();
    const rest = await site.t.request(`/api/upcoming/${viaRest}`, {
      method: 'DELETE',
      headers: { cookie: site.admin, origin: SITE, 'sec-fetch-site': 'same-origin' },
    });
    expect(rest.status).toBe(200);
    expect(await cardExists(viaRest)).toBe(false);
  });

  it('have their anonymous GraphQL reads answered from the response cache', async () => {
    expect(site.t.app.changes.trustworthy).toBe(true);
    await seedPosts(site.t.db.prisma, [{ title: 'Cached for the site' }]);
    const browser = { origin: SITE, 'sec-fetch-site': 'same-origin', 'accept-encoding': 'gzip, deflate, br' };
    const first = await graphqlPost(LATEST_POSTS, {}, browser);
    expect(first.status).toBe(200);
    expect(first.headers.get('vary') ?? '').not.toMatch(/origin/i);
    expect(await first.text()).toContain('Cached for the site');

    // The second of two reads comes from memory; on PostgreSQL, once the seed's own change
    // notice (which empties the cache) has arrived.
    await expect
      .poll(
        async () => {
          await (await graphqlPost(LATEST_POSTS, {}, browser)).arrayBuffer();
          return (await graphqlPost(LATEST_POSTS, {}, browser)).headers.get('age');
        },
        { timeout: 5000, interval: 50 },
      )
      .toMatch(/^\d+$/);

    // The stored answer grants another site nothing more than anyone gets.
    const foreign = await graphqlPost(LATEST_POSTS, {}, { ...browser, origin: EVIL, 'sec-fetch-site': 'cross-site' });
    expect(foreign.headers.get('age')).toMatch(/^\d+$/);
    expectNoCredentialedGrant(foreign);
  });
});

describe(`behind a reverse proxy that rewrites Host (${testDbKind})`, () => {
  const PUBLIC = 'https://blog.example';
  // nginx's default: Host becomes the upstream's address; the public one travels in X-Forwarded-*.
  const forwarded = { 'x-forwarded-host': 'blog.example', 'x-forwarded-proto': 'https' };

  async function proxied(trustProxy: boolean) {
    // No SITE_URL: the site's own origin can only come from the request.
    const app = await createTestApp({ env: { TRUST_PROXY: String(trustProxy), SITE_URL: '' } });
    const upstream = (path: string, init: RequestInit) =>
      app.app.fetch(new Request(`http://127.0.0.1:3000${path}`, init));
    const { email, password, cookie } = await app.signIn({ isAdmin: true });
    const login = () =>
      upstream('/api/users/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': freshAddress(),
          ...forwarded,
          origin: PUBLIC,
        },
        body: JSON.stringify({ email, password }),
      });
    const deleteCard = async (origin: string, headers: Record<string, string> = {}) => {
      const { body } = await uploadCard(app, cookie);
      const id: string = body.data.createUpcomingCard.id;
      const response = await upstream('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...forwarded, origin, ...headers },
        body: JSON.stringify({ query: documentText(DELETE_CARD), variables: { id } }),
      });
      const left = await app.db.prisma.upcomingCard.count({ where: { id } });
      return { response, deleted: left === 0 };
    };
    return { app, login, deleteCard };
  }

  it('signs in and writes from the public origin with TRUST_PROXY=true', async () => {
    const { app, login, deleteCard } = await proxied(true);
    try {
      const signedIn = await login();
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.getSetCookie().some((value) => value.startsWith('session='))).toBe(true);
      const write = await deleteCard(PUBLIC);
      expect(write.response.status).toBe(200);
      expect(write.deleted).toBe(true);
      // The forwarded origin is the site's; another one still is not.
      const foreign = await deleteCard(EVIL);
      expect(foreign.response.status).toBe(403);
      expect(foreign.deleted).toBe(false);
    } finally {
      await app.dispose();
    }
  });

  it('does not believe forwarded headers without TRUST_PROXY', async () => {
    const { app, login, deleteCard } = await proxied(false);
    try {
      const signIn = await login();
      expect(signIn.status).toBe(403);
      expect(await signIn.json()).toEqual({ message: 'Cross-site request refused' });
      const write = await deleteCard(PUBLIC);
      expect(write.response.status).toBe(403);
      expect(write.deleted).toBe(false);
      // A browser that says the request is its own page's (Sec-Fetch-Site, sent over https) is believed.
      const sameOrigin = await deleteCard(PUBLIC, { 'sec-fetch-site': 'same-origin' });
      expect(sameOrigin.response.status).toBe(200);
      expect(sameOrigin.deleted).toBe(true);
    } finally {
      await app.dispose();
    }
  });
});
