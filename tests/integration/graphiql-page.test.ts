// GraphiQL at /graphql comes from this server alone, with no network: its page names no other host
// and its files are served here. Off with introspection, it is nowhere. (tests/e2e/graphiql.test.ts
// runs it in a browser.)
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { appsForFile } from '../support/fixtures.ts';

const apps = appsForFile({
  open: {},
  closed: { NODE_ENV: 'production' },
  withIntrospection: { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' },
});

const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };

/** Every src and href in the page. */
const referencesOf = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);

describe('GraphiQL', () => {
  it('is a page that names no other host, under a CSP that allows none', async () => {
    const response = await apps.open.request('/graphql', asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('GraphiQL');
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z]/i);
    const references = referencesOf(html);
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const reference of references) expect(reference).toMatch(/^\/[^/]/);
    // No inline script runs: the options are data, the scripts are files.
    expect(html).not.toMatch(/<script>|<script (?!src=|type="application\/json")/);

    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|unsafe-eval|blob:|\*/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves every file the page and its editor load', async () => {
    const html = await (await apps.open.request('/graphql', asBrowser)).text();
    const files = referencesOf(html);
    const startScript = files.find((file) => file.endsWith('/start.js'))!;
    const base = startScript.slice(0, -'start.js'.length);
    const workers = [...(await (await apps.open.request(startScript)).text()).matchAll(/'([\w.]+\.worker\.js)'/g)].map(
      (match) => `${base}${match[1]}`,
    );
    expect(workers).toHaveLength(3);
    for (const file of [...files, ...workers]) {
      const response = await apps.open.request(file, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toMatch(/javascript|css|icon/);
      expect(response.headers.get('cache-control'), file).toContain('immutable');
      expect((await response.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    expect((await apps.open.request(`${base}nothing.js`)).status).toBe(404);
  });

  it("answers GraphiQL's schema query", async () => {
    const body = await apps.open.graphql(
      getIntrospectionQuery({ inputValueDeprecation: true, specifiedByUrl: true, directiveIsRepeatable: true }),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.__schema.queryType).toMatchObject({ name: 'Query' });
  });

  it('is served in production when GRAPHQL_INTROSPECTION=true', async () => {
    const html = await (await apps.withIntrospection.request('/graphql', asBrowser)).text();
    const script = referencesOf(html).find((file) => file.endsWith('/graphiql.js'))!;
    expect((await apps.withIntrospection.request(script)).status).toBe(200);
  });

  it('is nowhere when introspection is off', async () => {
    const html = await (await apps.open.request('/graphql', asBrowser)).text();
    const files = referencesOf(html);
    const response = await apps.closed.request('/graphql', asBrowser);
    expect(await response.text()).not.toMatch(/GraphiQL|graphiql/);
    for (const file of files) {
      const asset = await apps.closed.request(file);
      expect(asset.status, file).toBe(404);
      expect(await asset.text()).not.toContain('YogaGraphiQL');
    }
  });
});
