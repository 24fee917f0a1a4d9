// The comment form's server side (issue 38), for browsers with and without JavaScript:
// - POST /comments: the form as a plain POST. Without JavaScript: a 303 back to the post's
//   #comments, its address carrying the commenter's held comments (they see them, marked as
//   awaiting approval), also kept in a cookie; a refusal answers a small page with the message and
//   the form filled in again, so nothing typed is lost. With JavaScript (the comment-form island asks
//   for JSON): the same checks, answered as JSON.
// - /comments/confirm and /comments/unsubscribe: the e-mailed links, a page with one button each
//   (a GET changes nothing: mail scanners open links), the one-click unsubscribe POST (RFC 8058).
import type { Context as HonoContext, Hono } from 'hono';
import { COMMENT_HONEYPOT_FIELD, commentMessages, COMMENTS_ANCHOR } from '#kernel/comment-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import type { Config } from '../../config.ts';
import { asExpectedError } from '../../errors.ts';
import { CROSS_SITE_REFUSED, isCrossSite } from '../../http/origin-policy.ts';
import { readCookie } from '../../http/cookies.ts';
import { requestStateOf } from '../../http/request-state.ts';
import type { Services } from '../../services.ts';
import { formField, mountLinkAction, smallPage } from '../../http/small-page.ts';

export const COMMENT_FORM_PATH = '/comments';
/** The browser's held comments (a signed list of ids): not HttpOnly, the island reads it. */
export const PENDING_COOKIE = 'comments_pending';
const PENDING_MAX_AGE_S = 30 * 24 * 60 * 60;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const page = smallPage;
const field = formField;

function wantsJson(c: HonoContext): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

/** The form again, as it was sent, under the refusal's message: nothing typed is lost. */
function refusedPage(form: FormData, message: string, fieldErrors: Record<string, string>, status: number) {
  const input = (name: string, label: string, type = 'text', required = true) =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}"` +
    `${required ? ' required' : ''} value="${escapeHtml(field(form, name))}">` +
    (fieldErrors[name] ? `<br><strong>${escapeHtml(fieldErrors[name])}</strong>` : '') +
    '</p>';
  const hidden = (name: string) => `<input type="hidden" name="${name}" value="${escapeHtml(field(form, name))}">`;
  const body =
    `<p role="alert">${escapeHtml(message)}</p>` +
    `<form method="post" action="${COMMENT_FORM_PATH}">` +
    hidden('postId') +
    hidden('parentId') +
    hidden('formToken') +
    input('name', 'Name') +
    input('email', 'E-mail (never shown)', 'email') +
    input('website', 'Website (optional)', 'url', false) +
    `<p><label for="text">Comment</label><br><textarea id="text" name="text" rows="8" cols="60" required>` +
    `${escapeHtml(field(form, 'text'))}</textarea>` +
    (fieldErrors.text ? `<br><strong>${escapeHtml(fieldErrors.text)}</strong>` : '') +
    '</p>' +
    `<p><label><input type="checkbox" name="notifyReplies" value="on"${field(form, 'notifyReplies') ? ' checked' : ''}>` +
    ' Notify me of replies by e-mail</label></p>' +
    '<p><button type="submit">Send the comment</button></p></form>';
  return page('Your comment was not sent', body, status);
}

export function mountCommentForm(hono: Hono, config: Config, services: Services): void {
  const { comments } = services;

  hono.post(COMMENT_FORM_PATH, async (c) => {
    const json = wantsJson(c);
    if (isCrossSite(c.req.raw, config)) {
      return json ? c.json({ message: CROSS_SITE_REFUSED }, 403) : page(CROSS_SITE_REFUSED, '', 403);
    }
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      return json ? c.json({ message: 'Send the form as a form' }, 400) : page('Send the form as a form', '', 400);
    }
    const earlier = readCookie(c.req.header('cookie'), PENDING_COOKIE);
    try {
      const result = await comments.add(
        {
          postId: field(form, 'postId'),
          parentId: field(form, 'parentId') || null,
          name: field(form, 'name'),
          email: field(form, 'email'),
          website: field(form, 'website'),
          text: field(form, 'text'),
          notifyReplies: field(form, 'notifyReplies') !== '',
        },
        {
          honeypot: field(form, COMMENT_HONEYPOT_FIELD),
          formToken: field(form, 'formToken'),
          clientAddress: requestStateOf(c, config).clientAddress,
        },
      );
      const token = await comments.pendingToken([result.comment.id, ...(await comments.pendingIds(earlier))]);
      const secure = config.siteUrl.startsWith('https://') ? '; Secure' : '';
      const cookie = `${PENDING_COOKIE}=${token}; Path=/; Max-Age=${PENDING_MAX_AGE_S}; SameSite=Lax${secure}`;
      if (json) {
        const { held, message, comment } = result;
        return c.json(
          { held, message, pendingToken: token, comment: { ...comment, createdAt: comment.createdAt.toISOString() } },
          201,
          { 'set-cookie': cookie, 'cache-control': 'no-store' },
        );
      }
      const back = `${postPath(result.postSlug)}?pending=${encodeURIComponent(token)}#${COMMENTS_ANCHOR}`;
      return new Response(null, {
        status: 303,
        headers: { location: back, 'set-cookie': cookie, 'cache-control': 'no-store' },
      });
    } catch (error) {
      const expected = asExpectedError(error);
      if (!expected) throw error;
      const fieldErrors = expected.details.fieldErrors ?? {};
      const headers: Record<string, string> = { 'cache-control': 'no-store' };
      if (expected.details.retryAfterSeconds) headers['retry-after'] = String(expected.details.retryAfterSeconds);
      if (json) {
        return c.json(
          { message: expected.message, ...(expected.details.fieldErrors ? { fieldErrors } : {}) },
          expected.status as 400,
          headers,
        );
      }
      const response = refusedPage(form, expected.message, fieldErrors, expected.status);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    }
  });

  // The comment-form island's: a fresh token of when the form was shown (a page may be cached for long).
  hono.get(`${COMMENT_FORM_PATH}/token`, async (c) =>
    c.json({ token: await comments.formToken() }, 200, { 'cache-control': 'no-store' }),
  );
  // The island's: this browser's held comments on a post (its cookie's token), never an e-mail.
  hono.get(`${COMMENT_FORM_PATH}/pending`, async (c) => {
    const held = await comments.pending(c.req.query('postId') ?? '', c.req.query('token'));
    return c.json(
      held.map(({ id, name, website, text, createdAt }) => ({ id, name, website, text, createdAt })),
      200,
      { 'cache-control': 'no-store' },
    );
  });

  mountLinkAction(hono, `${COMMENT_FORM_PATH}/confirm`, {
    title: 'Publish your comment',
    button: 'Publish my comment',
    invalid: commentMessages.linkInvalid,
    act: async (token) => {
      const { postSlug } = await comments.confirm(token);
      return new Response(null, { status: 303, headers: { location: `${postPath(postSlug)}#${COMMENTS_ANCHOR}` } });
    },
  });
  mountLinkAction(hono, `${COMMENT_FORM_PATH}/unsubscribe`, {
    title: 'Stop reply notifications',
    button: 'Unsubscribe',
    invalid: commentMessages.linkInvalid,
    act: async (token) => {
      await comments.unsubscribe(token);
      return page(commentMessages.unsubscribed, '', 200);
    },
  });
}
