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
} as const;
