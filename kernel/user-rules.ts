// The rules of accounts: login, registration and profile (a valid e-mail, a name, a password of at
// least the minimum length). Pure.
import { messages } from './messages.ts';
import { unstorableTextError } from './text-rules.ts';

// Every address a real mail system delivers to, and nothing that cannot be one: a local part without
// spaces or @ (RFC 5321's quoted forms are left out: no one signs in with them), then a domain of
// dot-separated labels of letters (any script), digits and hyphens, or an address literal in brackets.
// A dot in the domain is NOT required: `admin@localhost`, the first start's own account, is as real an
// address as a company's internal `author@intranet` (issue 34: the old rule locked the first author
// out). The server stores it in lower case.
const LOCAL_PART = String.raw`[^\s@"(),:;<>\[\\\]]+`;
const DOMAIN_LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
const ADDRESS_LITERAL = String.raw`\[(?:\d{1,3}(?:\.\d{1,3}){3}|IPv6:[0-9a-f:.]+)\]`;
const EMAIL_PATTERN = new RegExp(
  String.raw`^${LOCAL_PART}@(?:${DOMAIN_LABEL}(?:\.${DOMAIN_LABEL})*|${ADDRESS_LITERAL})$`,
  'iu',
);
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;

// A stolen session cookie must not be enough to take an account over, so changing the e-mail or the
// password needs the current password; except within this long after the session's sign-in, when
// the password was just given. That keeps the original client working (it signs in, then sends
// name, e-mail and password without the current one), while a cookie stolen later is usually older.
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

export const userMessages = {
  invalidCredentials: 'Invalid email or password',
  userExists: 'User already exists',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  confirmPassword: 'Confirm your current password to change your e-mail or password',
  currentPasswordWrong: 'Current password is incorrect',
  registrationClosed: 'Registration is closed on this site',
  // The same answer whether or not the e-mail already had an account, so it tells nobody which.
  registrationReceived:
    'Registration received. If this e-mail had no account yet, you can now sign in with it and your password.',
} as const;

export type UserFieldErrors = Partial<Record<'name' | 'email' | 'password' | 'currentPassword', string>>;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A text field's checks in order: text the database cannot store, then empty (when required), then its own rule. */
function textFieldError(
  value: string | null | undefined,
  required: boolean,
  rule: (text: string) => string | undefined,
): string | undefined {
  const text = value?.trim() ?? '';
  const unstorable = unstorableTextError(text);
  if (unstorable) return unstorable;
  if (text === '') return required ? messages.required : undefined;
  return rule(text);
}

// The login form says 'Not a valid email', the profile and registration 'Not a valid email format'.
const emailRule = (invalid: string) => (email: string) => (isValidEmail(email) ? undefined : invalid);
const nameRule = (name: string) => (name.length > NAME_MAX ? userMessages.nameTooLong : undefined);

/** Copies the fields that have a message into the errors object. */
function collect(entries: Partial<Record<keyof UserFieldErrors, string | undefined>>): UserFieldErrors {
  return Object.fromEntries(Object.entries(entries).filter(([, message]) => message !== undefined)) as UserFieldErrors;
}

export function validateLogin(fields: { email?: string | null; password?: string | null }): UserFieldErrors {
  return collect({
    email: textFieldError(fields.email, true, emailRule(messages.emailInvalid)),
    password: fields.password ? undefined : messages.required,
  });
}

function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return userMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX) return userMessages.passwordTooLong;
  return undefined;
}

/** An account's fields as a form sends them, unchecked. */
interface AccountFields {
  name?: string | null;
  email?: string | null;
  password?: string | null;
}

/**
 * Registration requires every field; a profile change none (absent or empty keeps the stored one,
 * an empty password the current one). Given, each field follows the same rule either way.
 */
function validateAccount(fields: AccountFields, required: boolean): UserFieldErrors {
  return collect({
    name: textFieldError(fields.name, required, nameRule),
    email: textFieldError(fields.email, required, emailRule(messages.emailFormat)),
    password: fields.password ? passwordError(fields.password) : required ? messages.required : undefined,
  });
}

export function validateRegistration(fields: AccountFields): UserFieldErrors {
  return validateAccount(fields, true);
}

/**
 * Whether a profile change touches the credentials: an e-mail other than the current one, or a new
 * password. Such a change needs the current password or a recent sign-in (RECENT_SIGN_IN_MS).
 */
export function changesCredentials(
  currentEmail: string,
  fields: { email?: string | null; password?: string | null },
): boolean {
  const email = fields.email?.trim();
  return Boolean(fields.password) || (Boolean(email) && normalizeEmail(email!) !== normalizeEmail(currentEmail));
}

/** Profile: every field optional; an empty password keeps the current one. */
export function validateProfile(fields: AccountFields): UserFieldErrors {
  return validateAccount(fields, false);
}
