// Readers' comments (issue 38): the fields' rules, the refusals' words and how a comment's plain text
// is shown (paragraphs, and links made from the addresses in it: nothing else). Pure, shared by the
// server (which enforces every rule) and the client (which says the same words before sending).
import { isValidEmail, normalizeEmail } from './user-rules.ts';
import { unstorableTextError } from './text-rules.ts';

export const COMMENT_TEXT_MAX = 5000;
export const COMMENT_NAME_MAX = 80;
export const COMMENT_WEBSITE_MAX = 300;
/** More links than this in one comment is refused: link spam's mark. */
export const COMMENT_LINKS_MAX = 3;
/** The least time between loading the form and sending it: no person writes faster. */
export const COMMENT_MIN_FORM_MS = 3000;
/** Per address and per e-mail, in COMMENT_RATE_WINDOW_MS. */
export const COMMENT_RATE_PER_ADDRESS = 5;
export const COMMENT_RATE_PER_EMAIL = 5;
export const COMMENT_RATE_WINDOW_MS = 10 * 60 * 1000;
/** The same text again from the same e-mail or address on the same post within a day: a duplicate. */
export const COMMENT_DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The honeypot's field name: hidden from people, filled in by bots that fill every field. */
export const COMMENT_HONEYPOT_FIELD = 'homepage';
/** The page's anchor of the comments. */
export const COMMENTS_ANCHOR = 'comments';

/** The feed of the latest approved comments (RSS). */
export const COMMENTS_FEED_PATH = '/comments/feed.xml';

/** The end of a rate limit's refusal (comments, subscriptions). */
export const tryAgainIn = (minutes: number) => `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

export const COMMENT_STATUSES = ['held', 'approved', 'rejected', 'spam'] as const;
export type CommentStatusName = (typeof COMMENT_STATUSES)[number];

export const commentMessages = {
  nameRequired: 'Give your name',
  nameTooLong: `At most ${COMMENT_NAME_MAX} characters`,
  emailInvalid: 'Give a valid e-mail address (it is never shown)',
  websiteInvalid: 'Not a valid address: it must start with http:// or https://',
  websiteTooLong: `At most ${COMMENT_WEBSITE_MAX} characters`,
  textRequired: 'Write your comment',
  textTooLong: `At most ${COMMENT_TEXT_MAX} characters`,
  tooManyLinks: `At most ${COMMENT_LINKS_MAX} links in a comment`,
  // The refusals below say what to do and never whether an e-mail is known.
  honeypot: 'Your comment could not be sent. Leave the field marked "leave empty" empty.',
  tooFast: 'That was quick: please take a few seconds to read your comment over, then send it again.',
  badToken: 'The form has expired: reload the page and send your comment again (copy it first).',
  duplicate: 'You have already sent this comment.',
  blocked: 'Your comment could not be accepted.',
  closed: 'Comments are closed on this post.',
  off: 'Comments are turned off on this site.',
  postNotFound: 'No such post',
  parentNotFound: 'The comment you reply to is not there any more',
  tooManyComments: (minutes: number) => `Too many comments in a short time. ${tryAgainIn(minutes)}`,
  held: 'Thank you! Your comment awaits approval.',
  published: 'Thank you! Your comment is published.',
  heldMark: 'Awaiting approval: only you can see it',
  notFound: 'No such comment',
  unsubscribed: 'You will not be told of any more replies to this comment.',
  confirmed: 'Thank you: your comment is published.',
  linkInvalid: 'This link is not valid (or has expired).',
} as const;

export interface CommentFields {
  name: string;
  email: string;
  website?: string | null;
  text: string;
}

export type CommentFieldErrors = Partial<Record<'name' | 'email' | 'website' | 'text', string>>;

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

/** The addresses in a comment's text, as links are made of them. */
export function commentLinks(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => match[0].replace(TRAILING_PUNCTUATION, ''));
}

export function normalizeCommentFields(fields: CommentFields): Required<CommentFields> {
  const website = (fields.website ?? '').trim();
  return {
    name: fields.name.trim(),
    email: normalizeEmail(fields.email),
    website: website === '' ? null : website,
    // Line ends made one kind; the text is otherwise kept as it was typed.
    text: fields.text.replace(/\r\n?/g, '\n').trim(),
  } as Required<CommentFields>;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Field errors of normalized fields; empty when they are fine. */
export function commentFieldErrors(fields: Required<CommentFields>): CommentFieldErrors {
  const errors: CommentFieldErrors = {};
  if (fields.name === '') errors.name = commentMessages.nameRequired;
  else if (fields.name.length > COMMENT_NAME_MAX) errors.name = commentMessages.nameTooLong;
  else if (unstorableTextError(fields.name)) errors.name = unstorableTextError(fields.name);
  if (!isValidEmail(fields.email)) errors.email = commentMessages.emailInvalid;
  if (fields.website) {
    if (fields.website.length > COMMENT_WEBSITE_MAX) errors.website = commentMessages.websiteTooLong;
    else if (!isHttpUrl(fields.website)) errors.website = commentMessages.websiteInvalid;
  }
  if (fields.text === '') errors.text = commentMessages.textRequired;
  else if (fields.text.length > COMMENT_TEXT_MAX) errors.text = commentMessages.textTooLong;
  else if (commentLinks(fields.text).length > COMMENT_LINKS_MAX) errors.text = commentMessages.tooManyLinks;
  else if (unstorableTextError(fields.text)) errors.text = unstorableTextError(fields.text);
  return errors;
}

/** A run of a paragraph: text, or a link made from an address in it. */
export type CommentPiece = { text: string } | { href: string };

/** A comment's text as it is shown: paragraphs (split at blank lines) of text and links. */
export function commentParagraphs(text: string): CommentPiece[][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => {
      const pieces: CommentPiece[] = [];
      let at = 0;
      for (const match of paragraph.matchAll(URL_PATTERN)) {
        const href = match[0].replace(TRAILING_PUNCTUATION, '');
        if (match.index > at) pieces.push({ text: paragraph.slice(at, match.index) });
        pieces.push({ href });
        at = match.index + href.length;
      }
      if (at < paragraph.length) pieces.push({ text: paragraph.slice(at) });
      return pieces;
    });
}

/** The blocked words or addresses of the settings: one a line, trimmed, lower case, no empty lines. */
export function blockList(lines: string): string[] {
  return lines
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '');
}
