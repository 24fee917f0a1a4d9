// The rules of an upcoming ('Currently') card. Pure: shared with the client.
import { checkFocus } from './focal-point.ts';
import { messages } from './messages.ts';
import { IMAGE_ALT_MAX, postMessages } from './post-rules.ts';
import { unstorableTextError } from './text-rules.ts';

export const UPCOMING_TITLES = ['Reading', 'Watching', 'Playing'] as const;
export type UpcomingTitleValue = (typeof UPCOMING_TITLES)[number];
export const UPCOMING_SUBTITLE_MAX = 45;
/** A card's link: an address a browser opens anywhere, at most this long. */
export const CARD_LINK_MAX = 2000;

export const upcomingMessages = {
  linkNotHttp: 'The link must be a web address starting with http:// or https://',
  linkTooLong: `The link must be at most ${CARD_LINK_MAX} characters`,
  position: 'The position must be a whole number from 0',
} as const;

export interface UpcomingFields {
  title?: string | null;
  subtitle?: string | null;
  /** Optional everywhere: empty or absent, the picture is decorative. */
  imageAlt?: string | null;
  /** Optional: empty or absent, the card leads nowhere. */
  link?: string | null;
  focusX?: number | null;
  focusY?: number | null;
}

export type UpcomingFieldErrors = Partial<
  Record<'title' | 'subtitle' | 'image' | 'imageAlt' | 'link' | 'focus', string>
>;

/**
 * The link's field error, or undefined for an empty one or a whole http(s) address. Other schemes
 * (javascript:, data:, mailto:) are refused: the carousel puts the link on a public page.
 */
export function cardLinkError(value: string | null | undefined): string | undefined {
  const link = value?.trim() ?? '';
  if (link === '') return undefined;
  const unstorable = unstorableTextError(link);
  if (unstorable) return unstorable;
  if (link.length > CARD_LINK_MAX) return upcomingMessages.linkTooLong;
  if (!/^https?:\/\//i.test(link) || /\s/.test(link)) return upcomingMessages.linkNotHttp;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return upcomingMessages.linkNotHttp;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
    ? undefined
    : upcomingMessages.linkNotHttp;
}

export function validateUpcomingFields(fields: UpcomingFields): UpcomingFieldErrors {
  const errors: UpcomingFieldErrors = {};
  if (!fields.title) errors.title = messages.chooseOption;
  else if (!(UPCOMING_TITLES as readonly string[]).includes(fields.title)) errors.title = messages.notValidOption;
  const subtitle = fields.subtitle?.trim() ?? '';
  const unstorableSubtitle = unstorableTextError(subtitle);
  if (unstorableSubtitle) errors.subtitle = unstorableSubtitle;
  else if (subtitle === '') errors.subtitle = messages.required;
  else if (subtitle.length > UPCOMING_SUBTITLE_MAX) errors.subtitle = messages.maxLength45;
  const alt = fields.imageAlt?.trim() ?? '';
  const altError = unstorableTextError(alt) ?? (alt.length > IMAGE_ALT_MAX ? postMessages.imageAltTooLong : undefined);
  if (altError) errors.imageAlt = altError;
  const link = cardLinkError(fields.link);
  if (link) errors.link = link;
  const focus = checkFocus(fields.focusX, fields.focusY).error;
  if (focus) errors.focus = focus;
  return errors;
}
