// The subscription's pages (issue 40), plain HTML that works without JavaScript:
// - GET /subscribe: the form; POST /subscribe: a plain POST answered by a 303 to /subscribe/sent (the
//   same page whatever the address), or the form again with the refusal and the address kept. With a
//   build that renders pages (`inLayout`), both are pages of the site in its layout (the client's
//   SubscribePage, answered by client-files.ts); otherwise small pages of their own.
// - /subscribe/confirm and /subscribe/unsubscribe: the e-mailed links open a page with one button (a
//   GET changes nothing: mail scanners open links); unsubscribe also takes RFC 8058's one-click POST,
//   which a mail client sends from elsewhere, so it is not refused as cross-site.
import type { Hono } from 'hono';
import {
  SUBSCRIBE_HONEYPOT_FIELD,
  SUBSCRIBE_PATH,
  subscriberMessages,
  type SubscribeRefusal,
} from '#kernel/subscriber-rules.ts';
import type { Config } from '../../config.ts';
import { asExpectedError, type AppError } from '../../errors.ts';
import { escapeMarkup } from '../../http/markup.ts';
import { CROSS_SITE_REFUSED, isCrossSite } from '../../http/origin-policy.ts';
import { requestStateOf } from '../../http/request-state.ts';
import { formField, mountLinkAction, smallPage } from '../../http/small-page.ts';
import type { Services } from '../../services.ts';

/** The form: an e-mail, and the honeypot off screen (people do not see it; bots fill it). */
export function subscribeForm(email = '', error = ''): string {
  return (
    `<form method="post" action="${SUBSCRIBE_PATH}">` +
    `<p><label for="subscribe-email">E-mail</label><br>` +
    `<input id="subscribe-email" name="email" type="email" autocomplete="email" required value="${escapeMarkup(email)}"` +
    `${error ? ' aria-invalid="true" aria-describedby="subscribe-error"' : ''}>` +
    (error ? `<br><strong id="subscribe-error">${escapeMarkup(error)}</strong>` : '') +
    `</p><p style="position:absolute;left:-10000px" aria-hidden="true"><label>Leave empty ` +
    `<input name="${SUBSCRIBE_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></p>` +
    '<p><button type="submit">Subscribe</button></p></form>'
  );
}

const INTRO = `<p>${subscriberMessages.intro}</p>`;

/** Which of the page's refusals an expected error is (kernel/subscriber-rules.ts); null for another. */
function refusalOf(expected: AppError): SubscribeRefusal | null {
  if (expected.details.fieldErrors?.email) return 'email';
  if (expected.message === subscriberMessages.honeypot) return 'honeypot';
  if (expected.code === 'TOO_MANY_REQUESTS') return 'tooMany';
  return null;
}

/**
 * inLayout: /subscribe and /subscribe/sent are the site's pages (a build that renders them); a refused
 * POST is answered with /subscribe rendered for the address and the refusal, with the refusal's status.
 */
export function mountSubscribeForm(hono: Hono, config: Config, services: Services, inLayout = false): void {
  const { subscribers } = services;

  if (!inLayout) {
    hono.get(SUBSCRIBE_PATH, () => smallPage('Follow by e-mail', INTRO + subscribeForm(), 200));
    hono.get(`${SUBSCRIBE_PATH}/sent`, () =>
      smallPage('Check your mailbox', `<p>${subscriberMessages.checkMailbox}</p>`, 200),
    );
  }

  /** The refused form again, the address kept: the layout's page when there is one, else a small page. */
  async function refusedPage(request: Request, email: string, expected: AppError): Promise<Response> {
    const refusal = refusalOf(expected);
    if (inLayout && refusal) {
      const minutes = Math.ceil((expected.details.retryAfterSeconds ?? 0) / 60);
      const query = new URLSearchParams({ email, refused: refusal, ...(minutes ? { minutes: String(minutes) } : {}) });
      // The page a GET shows, asked of this app without the cookie: the reader's page with its islands,
      // never the app, which would render it again for the browser's address (without the query).
      const page = await hono.fetch(
        new Request(new URL(`${SUBSCRIBE_PATH}?${query}`, request.url), { headers: { 'accept-encoding': 'identity' } }),
      );
      const headers = new Headers(page.headers);
      headers.set('cache-control', 'no-store');
      return new Response(page.body, { status: expected.status, headers });
    }
    const fieldError = expected.details.fieldErrors?.email ?? '';
    return smallPage(
      'You are not subscribed yet',
      (fieldError ? '' : `<p role="alert">${escapeMarkup(expected.message)}</p>`) + subscribeForm(email, fieldError),
      expected.status,
    );
  }

  hono.post(SUBSCRIBE_PATH, async (c) => {
    if (isCrossSite(c.req.raw, config)) return smallPage(CROSS_SITE_REFUSED, '', 403);
    const form = await c.req.raw.formData().catch(() => new FormData());
    const email = formField(form, 'email');
    try {
      await subscribers.subscribe(email, {
        honeypot: formField(form, SUBSCRIBE_HONEYPOT_FIELD),
        clientAddress: requestStateOf(c, config).clientAddress,
        source: 'form',
      });
      return new Response(null, {
        status: 303,
        headers: { location: `${SUBSCRIBE_PATH}/sent`, 'cache-control': 'no-store' },
      });
    } catch (error) {
      const expected = asExpectedError(error);
      if (!expected) throw error;
      const response = await refusedPage(c.req.raw, email, expected);
      if (expected.details.retryAfterSeconds) {
        response.headers.set('retry-after', String(expected.details.retryAfterSeconds));
      }
      return response;
    }
  });

  // The e-mailed links. Unsubscribe also takes RFC 8058's one-click POST, which a mail client sends
  // from elsewhere: never refused as cross-site.
  const links = [
    ['confirm', 'Confirm your subscription', 'Confirm', subscriberMessages.confirmed, subscribers.confirm],
    [
      'unsubscribe',
      'Stop new posts by e-mail',
      'Unsubscribe',
      subscriberMessages.unsubscribed,
      subscribers.unsubscribe,
    ],
  ] as const;
  for (const [name, title, button, done, act] of links) {
    mountLinkAction(hono, `${SUBSCRIBE_PATH}/${name}`, {
      title,
      button,
      invalid: subscriberMessages.linkInvalid,
      act: async (token) => {
        await act.call(subscribers, token);
        return smallPage(done, '', 200);
      },
    });
  }
}
