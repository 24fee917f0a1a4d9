// For a page the server does not render (a form, the admin, SERVER_RENDERING=off): its first GraphQL
// answers, written into the page itself, and the preloads of its largest picture and of the lazy
// chunk its first screen waits for. For a page it renders: the chunk preloads and the styles,
// inline (renderedPageData). Without the answers and preloads the home page and a post
// page reach the screen after several trips in a row: the page, its script, then its queries and
// the chunk, and only then is the first picture asked for. With them the picture and the chunk
// download beside the script, and the script finds its answers waiting
// (client/src/lib/initial-results.ts).
//
// The queries are the client's own documents, as its build wrote them (graphql-operations.json,
// client/build/graphql-documents.ts), run through this app's GraphQL as an anonymous reader
// (server/graphql/own-reads.ts, no HTTP request):
// the same answers the browser would get, with nothing of the visitor's session in them. The client
// takes an answer only within its 5-second freshness (docs/decisions/008-query-freshness.md), and
// the page is revalidated on every visit, so an answer is never older than the page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENTLY_CARD_IMAGE_SIZES, POST_HERO_IMAGE_SIZES } from '#kernel/image-sizes.ts';
import { OPERATIONS_FILE } from '#kernel/server-render.ts';
import type { GraphqlFetch } from '../../graphql/own-reads.ts';
import type { PageRoute } from './page-routes.ts';
import { escapeMarkup, jsonForScript } from '../../http/markup.ts';

/** Vite's build manifest: which built files each source module became. */
export const MANIFEST_FILE = '.vite/manifest.json';

/**
 * The lazy chunks a screen cannot show its content without, by source module (client/src/...): the
 * home page waits for the carousel, a post for the sanitizer (DOMPurify), the lists and
 * author's pages for their own screen and the sanitizer (client/src/app/router.tsx loads them on demand).
 */
function firstChunkModules(route: PageRoute): string[] {
  switch (route.kind) {
    case 'home':
      return ['src/components/carousel.tsx'];
    case 'post':
      return ['src/lib/sanitize.ts'];
    case 'blog':
    case 'searchForm':
      return ['src/features/posts/blog-list-page.tsx'];
    case 'category':
      return ['src/features/posts/category-list-page.tsx'];
    case 'page':
      return ['src/features/posts/page-screen.tsx', 'src/lib/sanitize.ts'];
    case 'tag':
      return ['src/features/posts/tag-list-page.tsx'];
    case 'subscribe':
      return ['src/features/subscribe/subscribe-page.tsx'];
    default:
      return [];
  }
}

interface ManifestChunk {
  file: string;
  css?: string[];
  /** Manifest keys of the chunks it imports. */
  imports?: string[];
  isEntry?: boolean;
}

/** What the client's initial-results link reads: one answer per operation and variables. */
export interface InitialResult {
  operationName: string;
  variables: Record<string, unknown>;
  data: unknown;
}

export interface PreloadImage {
  href: string;
  srcset: string;
  sizes: string;
}

export interface InitialPageData {
  results: InitialResult[];
  preloadImage: PreloadImage | null;
  /** Built files, relative to the site's root: scripts and their stylesheets. */
  preloadScripts: string[];
  preloadStyles: string[];
  /**
   * A post's page: the fonts its styles name (the reading font, 'font-display: optional'), so the
   * font arrives within the moments in which the browser still uses it, and not after the page.
   */
  preloadFonts: string[];
  /**
   * For a page the server rendered: the styles its markup is painted with (the entry's and its
   * chunks'), written into the page itself. A page is read on its first paint, and a stylesheet
   * to fetch first would hold that paint back by a round trip; they are a few kilobytes.
   */
  inlineCss: string;
  /**
   * The chunks' stylesheets whose rules inlineCss already holds: each written as a disabled link
   * (never fetched, never applied), which is how Vite's chunk loader tells a stylesheet is already
   * in the page. Without it, the loader would add the same rules again as a new render-blocking
   * stylesheet when the screen's chunk runs, and the page's next paint would wait for it.
   */
  inlinedStylesheets: string[];
}

export const NO_INITIAL_DATA: InitialPageData = {
  results: [],
  preloadImage: null,
  preloadScripts: [],
  preloadStyles: [],
  preloadFonts: [],
  inlineCss: '',
  inlinedStylesheets: [],
};

interface ImageAnswer {
  url: string;
  srcset: string;
}

/** The queries a screen sends as it first renders (and that this file knows how to preload for). */
function firstQueries(route: PageRoute): { operationName: string; variables: Record<string, unknown> }[] {
  // Every screen's header and title need the site's name: no first load asks the network for it.
  const site = { operationName: 'Site', variables: {} };
  // And its menus (issue 36), the header's and the footer's.
  const menus = { operationName: 'Menus', variables: {} };
  if (route.kind === 'home') return [site, menus, { operationName: 'HomePage', variables: {} }];
  if (route.kind === 'post') return [site, menus, { operationName: 'PostDetail', variables: { slug: route.slug } }];
  return [site, menus];
}

function preloadImageOf(route: PageRoute, results: InitialResult[]): PreloadImage | null {
  const answer = (name: string) => results.find((result) => result.operationName === name)?.data;
  let image: ImageAnswer | undefined;
  let sizes = '';
  if (route.kind === 'home') {
    // The carousel's first card: the largest picture in view on a phone.
    image = (answer('HomePage') as { upcomingCards?: { image: ImageAnswer }[] } | undefined)?.upcomingCards?.[0]?.image;
    sizes = CURRENTLY_CARD_IMAGE_SIZES;
  } else if (route.kind === 'post') {
    image = (answer('PostDetail') as { post?: { image: ImageAnswer } | null } | undefined)?.post?.image;
    sizes = POST_HERO_IMAGE_SIZES;
  }
  return image ? { href: image.url, srcset: image.srcset, sizes } : null;
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

export class InitialResults {
  private readonly cssTexts = new Map<string, string>();

  private constructor(
    private readonly clientDir: string,
    private readonly operations: Readonly<Record<string, string>>,
    private readonly manifest: Readonly<Record<string, ManifestChunk>>,
  ) {}

  /** From the client build's files; a build without them gets no answers or preloads. */
  static fromClientBuild(clientDir: string): InitialResults {
    return new InitialResults(
      clientDir,
      readJson(path.join(clientDir, OPERATIONS_FILE), {}),
      readJson(path.join(clientDir, MANIFEST_FILE), {}),
    );
  }

  /** The stylesheets index.html links to (the entry's), relative to the site's root. */
  entryStylesheets(): string[] {
    const entry = Object.values(this.manifest).find((chunk) => chunk.isEntry);
    return (entry?.css ?? []).map((file) => `/${file}`);
  }

  /**
   * For a page the server rendered, whose data and pictures are in the page itself: the preloads
   * of the chunks its screen waits for, and every style its markup needs, inline.
   */
  renderedPageData(route: PageRoute): InitialPageData {
    const { preloadScripts, preloadStyles, preloadFonts } = this.firstChunks(route);
    const files = [...this.entryStylesheets(), ...preloadStyles];
    return {
      ...NO_INITIAL_DATA,
      preloadScripts,
      preloadFonts,
      inlineCss: files.map((file) => this.cssText(file)).join('\n'),
      inlinedStylesheets: preloadStyles,
    };
  }

  /** A built stylesheet's text, read once (the build changes only with a restart). */
  private cssText(file: string): string {
    let text = this.cssTexts.get(file);
    if (text === undefined) {
      const full = path.join(this.clientDir, file);
      text = existsSync(full) ? readFileSync(full, 'utf8') : '';
      this.cssTexts.set(file, text);
    }
    return text;
  }

  private firstChunks(route: PageRoute): Pick<InitialPageData, 'preloadScripts' | 'preloadStyles' | 'preloadFonts'> {
    // Each chunk with those it imports (a list's shared parts), but not the entry, already loading.
    const chunks = new Set<ManifestChunk>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || chunk.isEntry || chunks.has(chunk)) return;
      chunks.add(chunk);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const source of firstChunkModules(route)) visit(source);
    const preloadStyles = [...chunks].flatMap((chunk) => chunk.css ?? []).map((file) => `/${file}`);
    return {
      preloadScripts: [...chunks].map((chunk) => `/${chunk.file}`),
      preloadStyles,
      // Only where long text is read: other pages never use the reading font, and never fetch it.
      preloadFonts: route.kind === 'post' ? this.fontsOf([...this.entryStylesheets(), ...preloadStyles]) : [],
    };
  }

  /** The built font files the stylesheets name (url(/assets/...woff2)), each once. */
  private fontsOf(stylesheets: string[]): string[] {
    const fonts = stylesheets.flatMap((file) =>
      [...this.cssText(file).matchAll(/url\(["']?(\/[^)"']+\.woff2)["']?\)/g)].map((match) => match[1]!),
    );
    return [...new Set(fonts)];
  }

  /**
   * Runs the route's first queries through the app's GraphQL. An answer with errors is left out:
   * the client asks again and shows the error as it always does.
   */
  async load(graphql: GraphqlFetch, route: PageRoute): Promise<InitialPageData> {
    const chunks = this.firstChunks(route);
    const queries = firstQueries(route).filter((query) => query.operationName in this.operations);
    if (queries.length === 0) return { ...NO_INITIAL_DATA, ...chunks };
    const answers = await Promise.all(
      queries.map(async ({ operationName, variables }): Promise<InitialResult | null> => {
        const body = JSON.stringify({ query: this.operations[operationName], operationName, variables });
        const response = await graphql('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
          body,
        });
        if (!response.ok) return null;
        const answer = (await response.json()) as { data?: unknown; errors?: unknown[] };
        if (answer.errors?.length || answer.data == null) return null;
        return { operationName, variables, data: answer.data };
      }),
    );
    const results = answers.filter((answer): answer is InitialResult => answer !== null);
    return { ...NO_INITIAL_DATA, results, preloadImage: preloadImageOf(route, results), ...chunks };
  }
}

/** The head tags: the picture's preload, and the answers as a JSON data block (never run). */
export function renderInitialTags({
  results,
  preloadImage,
  preloadScripts,
  preloadStyles,
  preloadFonts,
  inlineCss,
  inlinedStylesheets,
}: InitialPageData): string {
  const e = escapeMarkup;
  // crossorigin as Vite's own loader asks for them, or the browser would not reuse the preloads.
  const tags: string[] = [
    // '</style' would end the element early (CSS reads '<\/style' as the same characters).
    ...(inlineCss ? [`<style>${inlineCss.replace(/<\/style/gi, '<\\/style')}</style>`] : []),
    ...inlinedStylesheets.map((href) => `<link rel="stylesheet" disabled href="${e(href)}">`),
    // Low, as the entry script itself (client/build/entry-priority.ts): after what the page shows.
    ...preloadScripts.map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${e(href)}">`),
    ...preloadStyles.map((href) => `<link rel="preload" as="style" crossorigin href="${e(href)}">`),
    // A font is always fetched in CORS mode: without crossorigin the preload would not be reused.
    ...preloadFonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${e(href)}">`),
  ];
  if (preloadImage) {
    tags.push(
      `<link rel="preload" as="image" href="${e(preloadImage.href)}" imagesrcset="${e(preloadImage.srcset)}" imagesizes="${e(preloadImage.sizes)}" fetchpriority="high">`,
    );
  }
  if (results.length > 0) {
    tags.push(`<script type="application/json" id="initial-results">${jsonForScript(results)}</script>`);
  }
  return tags.join('\n    ');
}
