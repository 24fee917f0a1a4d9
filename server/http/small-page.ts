// The small server pages of readers' forms and e-mailed links (comments, issue 38; subscriptions,
// issue 40): plain HTML that works without JavaScript, never cached, never indexed.
import type { Hono } from 'hono';
import { asExpectedError } from '../errors.ts';
import { escapeMarkup } from './markup.ts';

export function smallPage(title: string, body: string, status: number): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title></head>` +
    `<body><main><h1>${escapeMarkup(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** A form field's text ('' when absent or a file). */
export const formField = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The page an e-mailed link opens: one button that posts its token. A GET changes nothing, since
 * mail scanners follow links.
 */
export function linkPage(action: string, token: string, title: string, button: string): Response {
  return smallPage(
    title,
    `<form method="post" action="${action}"><input type="hidden" name="token" value="${escapeMarkup(token)}">` +
      `<p><button type="submit">${escapeMarkup(button)}</button></p></form>`,
    200,
  );
}

export interface LinkAction {
  /** The page's title and its button's label. */
  title: string;
  button: string;
  /** Does what the link is for; an expected error (a bad or used token) answers `invalid`. */
  act: (token: string) => Promise<Response>;
  invalid: string;
}

/**
 * An e-mailed link at path: GET shows linkPage, POST acts. The token comes in the form's body (the
 * page's button) or in the query (RFC 8058's one-click POST, sent by a mail client).
 */
export function mountLinkAction(hono: Hono, path: string, action: LinkAction): void {
  hono.get(path, (c) => linkPage(path, c.req.query('token') ?? '', action.title, action.button));
  hono.post(path, async (c) => {
    const form = await c.req.raw.formData().catch(() => new FormData());
    const token = formField(form, 'token') || c.req.query('token') || '';
    try {
      return await action.act(token);
    } catch (error) {
      if (!asExpectedError(error)) throw error;
      return smallPage(action.invalid, '', 400);
    }
  });
}
