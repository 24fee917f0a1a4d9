// The e-mail rule accepts what a real mail system delivers to (issue 34: the first start's own
// admin@localhost was refused by the sign-in form), and refuses what cannot be an address.
import { describe, expect, it } from 'vitest';
import { isValidEmail } from '#kernel/user-rules.ts';

describe('the e-mail rule', () => {
  it.each([
    'admin@localhost',
    'author@intranet',
    'first.last+blog@example.com',
    'ADA@Example.COM',
    'x@[127.0.0.1]',
    'x@[IPv6:2001:db8::1]',
    'josé@bücher.de',
    'a@sub-domain.example.co.uk',
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));

  it.each([
    'not-an-email',
    'nope',
    '@example.com',
    'a@',
    'a b@example.com',
    'a@b@c.d',
    'a@.b',
    'a@b.',
    'a@b..c',
    'a@-b.c',
    'a@b_c.d',
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %s', (email) => expect(isValidEmail(email)).toBe(false));
});
