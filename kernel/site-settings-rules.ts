// The site's settings (issue 36), edited at /admin/settings: the site's title and tagline, who writes
// it, where to reach them, the footer's line, the language and the time zone. Pure: the settings form
// and the server (server/modules/site/site-settings.service.ts) both check with it, so what the form
// lets through the server takes, and the server refuses the rest with the same messages.
import { messages, siteSettingsMessages } from './messages.ts';
import { SITE_TITLE_MAX } from './setup-rules.ts';
import { unstorableTextError } from './text-rules.ts';
import { isValidEmail } from './user-rules.ts';

export const TAGLINE_MAX = 160;
/** AUTHOR_NAME's limit (server/config.ts). */
export const AUTHOR_NAME_MAX = 80;
export const BIO_MAX = 1000;
export const FOOTER_TEXT_MAX = 200;
export const URL_MAX = 500;
export const SOCIAL_LABEL_MAX = 40;
export const SOCIAL_LINKS_MAX = 20;
export const LANGUAGE_MAX = 35;
/** A display name and an address of 254 at most. */
export const MAIL_FROM_MAX = 320;

export interface SocialLinkFields {
  label: string;
  url: string;
}

/** The settings as the form edits them and updateSite takes them: every text trimmed or not, '' for none. */
export interface SiteSettingsFields {
  title: string;
  tagline: string;
  authorName: string;
  bio: string;
  contactEmail: string;
  portfolioUrl: string;
  socialLinks: SocialLinkFields[];
  footerText: string;
  language: string;
  timeZone: string;
  /**
   * The From of the site's e-mail (issue 40): an address, or `Name <address>`; '' for the default
   * (MAIL_FROM, then the built-in one). Absent (an older client): as stored.
   */
  mailFrom?: string;
}

/** By field; a social link's by `socialLinks.<index>.label` or `.url`. */
export type SiteSettingsErrors = Partial<Record<string, string>>;

/** An absolute http(s) address with a host: links on public pages take no other scheme. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A BCP 47 tag as <html lang> and the feeds take it: a language, then optional region or script parts. */
export function isLanguageTag(value: string): boolean {
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** An IANA time zone name this runtime knows (UTC, Europe/Paris). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A text's message: unstorable, then empty when required, then too long, then its own rule. */
function textError(
  value: string | null | undefined,
  { required = false, max, rule }: { required?: boolean; max: number; rule?: (text: string) => string | undefined },
): string | undefined {
  const text = value?.trim() ?? '';
  const unstorable = unstorableTextError(text);
  if (unstorable) return unstorable;
  if (text === '') return required ? messages.required : undefined;
  if (text.length > max) return siteSettingsMessages.tooLong(max);
  return rule?.(text);
}

/**
 * A sender as a mail header takes it without quoting of ours: `blog@example.com`, `Jane Doe
 * <blog@example.com>` or `"Doe, Jane" <blog@example.com>`. An unquoted name has none of the
 * characters that would make it several addresses or a comment (, ; : @ < > ( ) [ ] \ "), and no
 * line breaks, which could add headers.
 */
export function isMailFrom(value: string): boolean {
  if (/[\r\n\t]/.test(value)) return false;
  const named = /^(?:"([^"\\]+)"|([^,;:@<>()[\]\\"]+?))\s*<([^<>\s]+)>$/.exec(value);
  if (!named) return isValidEmail(value);
  const name = (named[1] ?? named[2] ?? '').trim();
  return name !== '' && isValidEmail(named[3] ?? '');
}

const urlRule = (text: string) => (isHttpUrl(text) ? undefined : siteSettingsMessages.urlNotHttp);

export function validateSiteSettings(fields: SiteSettingsFields): SiteSettingsErrors {
  const found: SiteSettingsErrors = {
    title: textError(fields.title, { required: true, max: SITE_TITLE_MAX }),
    tagline: textError(fields.tagline, { max: TAGLINE_MAX }),
    authorName: textError(fields.authorName, { max: AUTHOR_NAME_MAX }),
    bio: textError(fields.bio, { max: BIO_MAX }),
    contactEmail: textError(fields.contactEmail, {
      required: true,
      max: 254,
      rule: (text) => (isValidEmail(text) ? undefined : messages.emailFormat),
    }),
    portfolioUrl: textError(fields.portfolioUrl, { required: true, max: URL_MAX, rule: urlRule }),
    footerText: textError(fields.footerText, { max: FOOTER_TEXT_MAX }),
    language: textError(fields.language, {
      required: true,
      max: LANGUAGE_MAX,
      rule: (text) => (isLanguageTag(text) ? undefined : siteSettingsMessages.languageInvalid),
    }),
    timeZone: textError(fields.timeZone, {
      required: true,
      max: 64,
      rule: (text) => (isTimeZone(text) ? undefined : siteSettingsMessages.timeZoneInvalid),
    }),
    mailFrom: textError(fields.mailFrom, {
      max: MAIL_FROM_MAX,
      rule: (text) => (isMailFrom(text) ? undefined : siteSettingsMessages.mailFromInvalid),
    }),
  };
  if (fields.socialLinks.length > SOCIAL_LINKS_MAX) {
    found.socialLinks = siteSettingsMessages.tooManyLinks(SOCIAL_LINKS_MAX);
  }
  fields.socialLinks.slice(0, SOCIAL_LINKS_MAX).forEach((link, index) => {
    found[`socialLinks.${index}.label`] = textError(link.label, { required: true, max: SOCIAL_LABEL_MAX });
    found[`socialLinks.${index}.url`] = textError(link.url, { required: true, max: URL_MAX, rule: urlRule });
  });
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message !== undefined));
}

/** The fields as stored: texts trimmed, an empty optional one as null. */
export function normalizeSiteSettings(fields: SiteSettingsFields) {
  const optional = (text: string) => text.trim() || null;
  return {
    title: fields.title.trim(),
    tagline: optional(fields.tagline),
    authorName: optional(fields.authorName),
    bio: optional(fields.bio),
    contactEmail: fields.contactEmail.trim(),
    portfolioUrl: fields.portfolioUrl.trim(),
    socialLinks: fields.socialLinks.map((link) => ({ label: link.label.trim(), url: link.url.trim() })),
    footerText: optional(fields.footerText),
    language: fields.language.trim(),
    timeZone: fields.timeZone.trim(),
    // Absent: left as stored (undefined is no change to Prisma).
    mailFrom: fields.mailFrom === undefined ? undefined : optional(fields.mailFrom),
  };
}
