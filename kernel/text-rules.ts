// Text the database can store. A PostgreSQL text value is UTF-8 without the NUL character: the
// server refuses NUL ("invalid byte sequence for encoding "UTF8": 0x00"), and a lone UTF-16
// surrogate (half of a pair, which JSON's "\ud800" can carry) has no UTF-8 form at all, so the
// drivers silently store U+FFFD in its place. Every rule of a text field that is stored or looked
// up calls unstorableTextError first, so such text is a field error like any other and never a
// database failure. Passwords are exempt: only their hash is stored. Pure: shared with the client.

export const UNSTORABLE_TEXT_MESSAGE = 'This text contains characters that cannot be stored';

// With the u flag, \p{Cs} matches a surrogate only when it is not half of a pair.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The field error for a text the database cannot store; undefined for any other value (absent included). */
export function unstorableTextError(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && !isStorableText(value) ? UNSTORABLE_TEXT_MESSAGE : undefined;
}
