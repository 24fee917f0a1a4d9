// The subscription's pages (issue 40), plain HTML that works without JavaScript:
// - GET /subscribe: the form; POST /subscribe: a plain POST answered by a 303 to /subscribe/sent (the
//   same page whatever the address), or the form again with the refusal and the address kept.
// - /subscribe/confirm and /subscribe/unsubscribe: the e-mailed links open a page with one button (a
//   GET changes nothing: mail scanners open links); unsubscribe also takes RFC 8058's one-click POST,
//   which a mail client sends from elsewhere, so it is not refused as cross-site.
import type { Hono } from 'hono';
import { SUBSCRIBE_HONEYPOT_FIELD, SUBSCRIBE_PATH, subscriberMessages } from '#kernel/subscriber-rules.ts';
import type { Config } from '../../config.ts';
import { asExpectedError } from '../../errors.ts';
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

const INTRO = '<p>New posts by e-mail, nothing else. Every e-mail has a link to unsubscribe in one click.</p>';

export function mountSubscribeForm(hono: Hono, config: Config, services: Services): void {
  const { subscribers } = services;

  hono.get(SUBSCRIBE_PATH, () => smallPage('Follow by e-mail', INTRO + subscribeForm(), 200));
  hono.get(`${SUBSCRIBE_PATH}/sent`, () =>
    smallPage('Check your mailbox', `<p>${subscriberMessages.checkMailbox}</p>`, 200),
  );

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
      const fieldError = expected.details.fieldErrors?.email ?? '';
      const response = smallPage(
        'You are not subscribed yet',
        (fieldError ? '' : `<p role="alert">${escapeMarkup(expected.message)}</p>`) + subscribeForm(email, fieldError),
        expected.status,
      );
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
