// The server's render of the public pages: the client build's own entry for it
// (client/src/entry-server.tsx, built into the build's .server/ folder), loaded on first use and
// given what it needs from the server (kernel/server-render.ts): the app's GraphQL, asked in this
// process as a visitor who is not signed in (server/graphql/own-reads.ts: the HTML is the same for
// everyone, and may be kept and shared), and the sanitizer the post's content is rendered with.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRY_FILE, type RenderedPage, type RenderPage } from '#kernel/server-render.ts';
import type { GraphqlFetch } from '../../graphql/own-reads.ts';
import { renderSanitizer } from '../post/sanitize-html.ts';
import type { PageRoute } from './page-routes.ts';

/** The screens every visitor sees alike; forms and the admin stay the browser's to render. */
export function isServerRendered(route: PageRoute): boolean {
  return route.kind !== 'form';
}

export class ServerRenderer {
  private entry: Promise<RenderPage | null> | undefined;

  constructor(
    private readonly clientDir: string,
    private readonly graphql: GraphqlFetch,
  ) {}

  /** The built entry's renderPage; null for a build without one (the pages are then the bare client). */
  private load(): Promise<RenderPage | null> {
    this.entry ??= (async () => {
      const file = path.join(this.clientDir, SERVER_ENTRY_FILE);
      if (!existsSync(file)) return null;
      const module = (await import(pathToFileURL(file).href)) as { renderPage: RenderPage };
      return module.renderPage;
    })();
    return this.entry;
  }

  /** The page at `url` (path and query) rendered, or null when this build cannot render pages. */
  async render(url: string): Promise<RenderedPage | null> {
    const renderPage = await this.load();
    if (!renderPage) return null;
    return renderPage({ url, fetch: this.graphql, sanitizeContent: renderSanitizer() });
  }
}
