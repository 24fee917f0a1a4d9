// The first-run setup's rules (issue 34): when no one has signed in as the admin yet, the first visit
// to /admin asks for the author's name, e-mail, password and the site's title, once. The account's
// fields follow the registration's rules (user-rules.ts); the site's title those of SITE_NAME. Pure:
// the setup screen and the server both check with it.
import { messages } from './messages.ts';
import { unstorableTextError } from './text-rules.ts';
import { validateRegistration, type UserFieldErrors } from './user-rules.ts';

/** The same limit as SITE_NAME's (server/config.ts): a page title's site part stays short. */
export const SITE_TITLE_MAX = 60;

/** Where the first run is done; the start prints it with the setup code after a `#code=`. */
export const SETUP_PATH = '/admin/setup';

export const setupMessages = {
  siteTitleTooLong: `Site title must be at most ${SITE_TITLE_MAX} characters`,
  // The code proves the one setting up the site is the one who started it: only the server's own
  // output shows it. A wrong code and an already claimed site say different things on purpose: the
  // second is no secret (the site works), and it tells the author where to go instead.
  codeWrong: 'This setup code is not right: use the link or code the server printed when it first started',
  alreadySetUp: 'This site is already set up: sign in instead',
  done: 'Your site is ready',
} as const;

export interface SetupFields {
  code?: string | null;
  name?: string | null;
  email?: string | null;
  password?: string | null;
  siteTitle?: string | null;
}

export type SetupFieldErrors = UserFieldErrors & Partial<Record<'code' | 'siteTitle', string>>;

export function validateSetup(fields: SetupFields): SetupFieldErrors {
  const errors: SetupFieldErrors = {};
  if (!fields.code?.trim()) errors.code = messages.required;
  Object.assign(errors, validateRegistration(fields));
  const title = fields.siteTitle?.trim() ?? '';
  const titleError =
    unstorableTextError(title) ??
    (title === '' ? messages.required : title.length > SITE_TITLE_MAX ? setupMessages.siteTitleTooLong : undefined);
  if (titleError) errors.siteTitle = titleError;
  return errors;
}
