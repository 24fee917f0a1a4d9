// The header and footer menus (issue 36): each entry a label and a target (a page, a category, a tag,
// the blog, or an address), checked the same by the studio's screen and the server. The menus as the
// site ships them are the default until the author saves one. Pure: no Node imports.
import { CATEGORY_SCREENS } from './page-meta-rules.ts';
import { menuMessages } from './messages.ts';
import { redirectTargetError } from './redirect-rules.ts';
import { pagePath, tagPath } from './route-paths.ts';

export const MENU_NAMES = ['header', 'footer'] as const;
export type MenuName = (typeof MENU_NAMES)[number];

export const MENU_TARGET_KINDS = ['page', 'category', 'tag', 'blog', 'url'] as const;
export type MenuTargetKind = (typeof MENU_TARGET_KINDS)[number];

export const MENU_LABEL_MAX = 40;
export const MENU_MAX_ITEMS = 20;

export interface MenuItem {
  label: string;
  kind: MenuTargetKind;
  /** The page's or tag's slug, the category's path (games), the address; empty for the blog. */
  target: string;
}

/** The menus as the site ships them: today's header and footer. */
export const DEFAULT_MENUS: Readonly<Record<MenuName, readonly MenuItem[]>> = {
  header: [
    { label: 'ABOUT', kind: 'page', target: 'about' },
    { label: 'BLOG', kind: 'blog', target: '' },
    ...CATEGORY_SCREENS.map((screen) => ({
      label: screen.heading.toUpperCase(),
      kind: 'category' as const,
      target: screen.path,
    })),
    { label: 'HIRE ME', kind: 'page', target: 'hire-me' },
  ],
  footer: [
    { label: 'Privacy Policy', kind: 'page', target: 'privacy-policy' },
    { label: 'Disclaimer', kind: 'page', target: 'disclaimer' },
  ],
};

// A page's or tag's address: lower-case words joined by "-" (letters of any script, digits).
const SLUG = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u;

/** Where an entry leads: a path of this site, or the address the author gave. */
export function menuItemHref(item: MenuItem): string {
  switch (item.kind) {
    case 'page':
      return pagePath(item.target);
    case 'category':
      return `/${item.target}`;
    case 'tag':
      return tagPath(item.target);
    case 'blog':
      return '/blog';
    case 'url':
      return item.target;
  }
}

function targetError(kind: MenuTargetKind, target: string): string | null {
  switch (kind) {
    case 'page':
      return SLUG.test(target) ? null : menuMessages.page;
    case 'category':
      return CATEGORY_SCREENS.some((screen) => screen.path === target) ? null : menuMessages.category;
    case 'tag':
      return SLUG.test(target) ? null : menuMessages.tag;
    case 'blog':
      return null;
    case 'url':
      return redirectTargetError(target) === null && target !== '' ? null : menuMessages.url;
  }
}

/** An entry as stored: label and target trimmed, the blog's target empty. */
export function normalizeMenuItem(item: MenuItem): MenuItem {
  return { label: item.label.trim(), kind: item.kind, target: item.kind === 'blog' ? '' : item.target.trim() };
}

/**
 * The field errors of a menu's entries, as `items.{i}.label` and `items.{i}.target` (and `items`
 * for the list itself); empty when every entry is fine.
 */
export function menuFieldErrors(items: readonly MenuItem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (items.length > MENU_MAX_ITEMS) errors.items = menuMessages.tooMany;
  items.forEach((raw, index) => {
    const item = normalizeMenuItem(raw);
    if (item.label === '') errors[`items.${index}.label`] = menuMessages.label;
    else if (Array.from(item.label).length > MENU_LABEL_MAX) errors[`items.${index}.label`] = menuMessages.labelTooLong;
    const problem = MENU_TARGET_KINDS.includes(item.kind) ? targetError(item.kind, item.target) : menuMessages.url;
    if (problem) errors[`items.${index}.target`] = problem;
  });
  return errors;
}
