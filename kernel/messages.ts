// The product's user-facing messages (validation messages and toasts), word for word as specified. Pure data,
// no Node imports: the client imports this module too, so the browser and the server always agree.
export const messages = {
  required: 'This field is required',
  maxLength45: '45 characters maximum allowed',
  chooseOption: 'Choose an option',
  notValidOption: 'Not a valid option',
  imageType: 'Image must be of type jpeg, jpg, png or webp',
  imageRequired: 'Image is required',
  imageFileName: 'Not a valid image format',
  emailInvalid: 'Not a valid email',
  emailFormat: 'Not a valid email format',
  keywordRequired: 'You need to add a keyword',
  keywordCharacters: 'Letters, numbers, spaces, dashes and underscores allowed',
} as const;

/** The site settings' messages (issue 36, /admin/settings: kernel/site-settings-rules.ts). */
export const siteSettingsMessages = {
  tooLong: (max: number) => `At most ${max} characters`,
  urlNotHttp: 'Not a valid address: it must start with http:// or https://',
  languageInvalid: 'Not a language tag the browser knows, such as en, en-GB or fr',
  timeZoneInvalid: 'Not a time zone the server knows, such as UTC or Europe/Paris',
  tooManyLinks: (max: number) => `At most ${max} social links`,
  saved: 'Settings saved',
  conflict: 'The settings were changed elsewhere since you opened them. Load the newer settings to see them.',
  mailFromInvalid:
    'Give an address such as blog@example.com, or a name and an address such as Jane Doe <blog@example.com>',
} as const;

/** Redirects (issue 36): the studio's form and the server say the same words. */
export const redirectMessages = {
  fromPath: 'Give a path of this site, starting with / (no query, no #)',
  toTarget: 'Give a path of this site starting with /, or an http or https address',
  tooLong: 'At most 2000 characters',
  duplicate: 'This address already redirects',
  live: 'This address is a live page of the site: a redirect from it would never be used',
  server: 'This address belongs to the server (API, images, files): it cannot redirect',
  loop: 'This redirect would lead back to where it starts',
  formerSlug: "A post's former address: it goes with the post, and cannot be deleted here",
  notFound: 'No such redirect',
  csvHeader: 'The first line must be the header from,to,status',
  csvColumns: 'Give three values: from, to and status',
  csvStatus: 'Status must be 301 (permanent) or 302 (temporary)',
  csvEmpty: 'The file has no redirects',
  csvTooMany: 'At most 1000 redirects at a time',
  csvRefused: 'Nothing was imported: fix the rows below and try again',
} as const;

/** The header and footer menus (issue 36). */
export const menuMessages = {
  label: 'Give the entry a label',
  labelTooLong: 'At most 40 characters',
  page: "Give the page's address, such as about or hire-me",
  category: 'Choose one of the categories',
  tag: "Give the tag's address, such as retro-games",
  url: 'Give a path of this site starting with /, or an http or https address',
  tooMany: 'At most 20 entries in a menu',
} as const;
