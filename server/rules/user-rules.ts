// The rules of accounts: login, registration and profile (../shared/SPEC.md section 5). Pure.
import { messages } from './messages.ts';

// Deliberately simple: one @, no spaces, a dot in the domain. The server stores it in lower case.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;

export const userMessages = {
  invalidCredentials: 'Invalid email or password',
  userExists: 'User already exists',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
} as const;

export type UserFieldErrors = Partial<Record<'name' | 'email' | 'password', string>>;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateLogin(fields: { email?: string | null; password?: string | null }): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const email = fields.email?.trim() ?? '';
  if (email === '') errors.email = messages.required;
  else if (!isValidEmail(email)) errors.email = messages.emailInvalid;
  if (!fields.password) errors.password = messages.required;
  return errors;
}

function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return userMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX) return userMessages.passwordTooLong;
  return undefined;
}

export function validateRegistration(fields: {
  name?: string | null;
  email?: string | null;
  password?: string | null;
}): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const name = fields.name?.trim() ?? '';
  if (name === '') errors.name = messages.required;
  else if (name.length > NAME_MAX) errors.name = userMessages.nameTooLong;
  const email = fields.email?.trim() ?? '';
  if (email === '') errors.email = messages.required;
  else if (!isValidEmail(email)) errors.email = messages.emailFormat;
  if (!fields.password) errors.password = messages.required;
  else {
    const problem = passwordError(fields.password);
    if (problem) errors.password = problem;
  }
  return errors;
}

/** Profile: every field optional; an empty password keeps the current one. */
export function validateProfile(fields: {
  name?: string | null;
  email?: string | null;
  password?: string | null;
}): UserFieldErrors {
  const errors: UserFieldErrors = {};
  const name = fields.name?.trim();
  if (name !== undefined && name.length > NAME_MAX) errors.name = userMessages.nameTooLong;
  const email = fields.email?.trim();
  if (email && !isValidEmail(email)) errors.email = messages.emailFormat;
  if (fields.password) {
    const problem = passwordError(fields.password);
    if (problem) errors.password = problem;
  }
  return errors;
}
