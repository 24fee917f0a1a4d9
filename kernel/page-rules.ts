// The rules of a page the author writes (about, hire-me, or their own such as /now): its title, its
// address at the site's root (route-paths.ts pagePath), its description and content, checked the same
// way by the page editor (for comfort) and the server (the rule). Pure: shared with the client.
import { CONTENT_MAX } from './content-rules.ts';
import { messages } from './messages.ts';
import { CATEGORY_SCREENS } from './page-meta-rules.ts';
import { DESCRIPTION_MAX, isBlankHtml, postMessages } from './post-rules.ts';
import { SLUG_MAX, slugify, slugMessages } from './slug-rules.ts';
import { unstorableTextError } from './text-rules.ts';

/** A page's title: longer than a post's (45), still one line of a heading. */
export const PAGE_TITLE_MAX = 80;

export const PAGE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type PageStatusValue = (typeof PAGE_STATUSES)[number];

/**
 * First segments of the site's own addresses: a page there would never be reached (the blog, the
 * studio, the API, the forms, the category lists, tags, the feeds and the sitemap, the server's own
 * folders), or would take a word the site may want later (search, feed).
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  'blog',
  'admin',
  'api',
  'graphql',
  'uploads',
  'assets',
  'social',
  'healthz',
  'login',
  'logout',
  'profile',
  'new',
  'new-upcoming',
  'show-upcoming',
  'tag',
  'tags',
  'search',
  'feed',
  'feeds',
  'rss',
  'atom',
  'sitemap',
  'robots',
  'error',
  // The shelf (issue 41).
  'shelf',
  ...CATEGORY_SCREENS.map((screen) => screen.path),
];

export const pageMessages = {
  titleTooLong: `${PAGE_TITLE_MAX} characters maximum allowed`,
  reserved: 'This address is used by the site itself',
  taken: 'Another page has this address',
  notFound: 'Page not found',
} as const;

// Lower-case letters of any script and digits, in words joined by "-" (as a post's slug).
const PAGE_SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u;

/** The slug a page's title makes when the author leaves the address empty. */
export function pageSlugOf(title: string): string {
  const slug = slugify(title);
  return RESERVED_PAGE_SLUGS.includes(slug) ? `${slug}-page` : slug;
}

/** The message for a page's address, or undefined when it can be one (not checked: another page's). */
export function pageSlugError(slug: string): string | undefined {
  const unstorable = unstorableTextError(slug);
  if (unstorable) return unstorable;
  if (slug === '') return messages.required;
  if (Array.from(slug).length > SLUG_MAX) return slugMessages.tooLong;
  if (!PAGE_SLUG_PATTERN.test(slug)) return slugMessages.characters;
  if (RESERVED_PAGE_SLUGS.includes(slug)) return pageMessages.reserved;
  return undefined;
}

export interface PageFields {
  title?: string | null;
  /** Absent or empty: made from the title. */
  slug?: string | null;
  description?: string | null;
  content?: string | null;
  status?: string | null;
}

export type PageFieldErrors = Partial<Record<'title' | 'slug' | 'description' | 'content' | 'status', string>>;

/** The address a page's fields give it: the typed slug, or the one its title makes. */
export function pageSlugOfFields(fields: PageFields): string {
  const typed = fields.slug?.trim() ?? '';
  return typed === '' ? pageSlugOf(fields.title?.trim() ?? '') : typed;
}

/** Every field's problem, in the form's order. A draft needs only its title; a published page its text too. */
export function validatePageFields(fields: PageFields): PageFieldErrors {
  const errors: PageFieldErrors = {};
  const title = fields.title?.trim() ?? '';
  const titleError =
    unstorableTextError(title) ??
    (title === '' ? messages.required : title.length > PAGE_TITLE_MAX ? pageMessages.titleTooLong : undefined);
  if (titleError) errors.title = titleError;
  const typedSlug = fields.slug?.trim() ?? '';
  if (typedSlug !== '' || !titleError) {
    const slugError = pageSlugError(pageSlugOfFields(fields));
    if (slugError) errors.slug = slugError;
  }
  const description = fields.description?.trim() ?? '';
  const descriptionError =
    unstorableTextError(description) ??
    (description.length > DESCRIPTION_MAX ? postMessages.descriptionTooLong : undefined);
  if (descriptionError) errors.description = descriptionError;
  const contentError =
    unstorableTextError(fields.content) ??
    ((fields.content ?? '').length > CONTENT_MAX ? postMessages.contentTooLong : undefined) ??
    (fields.status === 'PUBLISHED' && isBlankHtml(fields.content) ? messages.required : undefined);
  if (contentError) errors.content = contentError;
  if (!(PAGE_STATUSES as readonly string[]).includes(fields.status ?? '')) errors.status = messages.notValidOption;
  return errors;
}

/**
 * The pages the site starts with (migration *_pages writes them), whose screens also show the
 * owner's details from the site settings under the author's text: which of them each shows.
 */
export const OWNER_DETAILS_OF: Readonly<Record<string, 'about' | 'hire' | 'contact'>> = {
  about: 'about',
  'hire-me': 'hire',
  'privacy-policy': 'contact',
  disclaimer: 'contact',
};
