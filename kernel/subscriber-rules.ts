// Readers who follow by e-mail (issue 40): the limits and the words of the subscription form, shared
// by the server (which enforces every rule) and the pages. Design: docs/decisions/057-e-mail-to-subscribers.md.
import { COMMENT_HONEYPOT_FIELD, tryAgainIn } from './comment-rules.ts';

/** The confirmation link holds this long. */
export const SUBSCRIBE_TOKEN_MS = 48 * 60 * 60 * 1000;
/** Requests per e-mail and per client address in SUBSCRIBE_RATE_WINDOW_MS. */
export const SUBSCRIBE_RATE_PER_EMAIL = 3;
export const SUBSCRIBE_RATE_PER_ADDRESS = 10;
export const SUBSCRIBE_RATE_WINDOW_MS = 60 * 60 * 1000;
/** The same hidden field as the comment form's: bots fill it, people do not see it. */
export const SUBSCRIBE_HONEYPOT_FIELD = COMMENT_HONEYPOT_FIELD;
export const SUBSCRIBE_PATH = '/subscribe';

export const subscriberMessages = {
  emailInvalid: 'Give a valid e-mail address',
  honeypot: 'You could not be subscribed. Leave the field marked "leave empty" empty.',
  // The same answer whether or not the address was known: it reveals nobody's subscription.
  checkMailbox: 'Check your mailbox: if this address is not subscribed yet, a link to confirm is on its way.',
  tooMany: (minutes: number) => `Too many requests in a short time. ${tryAgainIn(minutes)}`,
  confirmed: 'Thank you: new posts will come to you by e-mail.',
  unsubscribed: 'You are unsubscribed: no more posts will be e-mailed to you.',
  linkInvalid: 'This link is not valid (or has expired).',
  intro: 'New posts by e-mail, nothing else. Every e-mail has a link to unsubscribe in one click.',
} as const;

/**
 * Why a POST to /subscribe was refused, as the /subscribe page is told it (?refused=, with ?minutes=
 * for tooMany): a code, so the page only ever says the site's own words.
 */
export const SUBSCRIBE_REFUSALS = ['email', 'honeypot', 'tooMany'] as const;
export type SubscribeRefusal = (typeof SUBSCRIBE_REFUSALS)[number];

export function subscribeRefusalText(code: SubscribeRefusal, minutes: number): string {
  if (code === 'email') return subscriberMessages.emailInvalid;
  if (code === 'honeypot') return subscriberMessages.honeypot;
  return subscriberMessages.tooMany(Number.isInteger(minutes) && minutes > 0 ? minutes : 60);
}
