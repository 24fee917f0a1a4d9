// Navigation between reading pages is plain links (docs/decisions/051): a reader's page loads the next
// page whole, from the server's cached answers. The browser is told which links to fetch ahead, so a
// click shows the next page at once: Speculation Rules, named by a response header (the site's CSP
// runs no inline script, and the header needs none) and served here as their own JSON.
//
// Prefetch, not prerender: a prefetch fetches the HTML only (the page's pictures and its script come
// with the click, from the HTTP cache mostly); a prerender would run every island and paint pages a
// reader may never open, on a phone's CPU. "moderate": when the pointer rests on a link (or presses
// it), not every link in view. Only this site's public pages: never the studio and its forms, the
// APIs, feeds, files, or anything that signs out.
import type { Hono } from 'hono';
import { SERVER_PATH_PREFIXES } from '#kernel/redirect-rules.ts';
import { FORM_PATH_PATTERNS } from './page-routes.ts';
import { readResponse } from '../../http/http-cache.ts';

export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/** The value of the Speculation-Rules header: a list of quoted addresses (RFC 8941 strings). */
export const SPECULATION_RULES_HEADER = `"${SPECULATION_RULES_PATH}"`;

const NOT_PAGES = [
  ...SERVER_PATH_PREFIXES.flatMap((prefix) => (prefix.endsWith('/') ? [`${prefix}*`] : [prefix, `${prefix}/*`])),
  ...FORM_PATH_PATTERNS,
  '/social/*',
  '/*.xml',
  '/*.txt',
  '/*.json',
  '/*logout*',
];

export const SPECULATION_RULES = {
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          // Patterns are read against this file's address: this site's paths only.
          { href_matches: '/*' },
          { not: { href_matches: NOT_PAGES } },
          // A link that says it is not a page to fetch ahead, or a file to save.
          { not: { selector_matches: '[rel~="nofollow"], [download], [target]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

const BODY = JSON.stringify(SPECULATION_RULES);

export function mountSpeculationRules(app: Hono): void {
  app.get(SPECULATION_RULES_PATH, (c) =>
    readResponse(c.req.raw, BODY, { contentType: 'application/speculationrules+json' }),
  );
}
