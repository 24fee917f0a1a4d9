// The slug rules of kernel/slug-rules.ts that the editor and the server share: which slugs the title
// made (the server lets a draft's address follow its title, the editor shows such a slug as empty).
import { describe, expect, it } from 'vitest';
import { isAutomaticSlug, SLUG_MAX, slugify, uniqueSlug } from '#kernel/slug-rules.ts';

describe('isAutomaticSlug', () => {
  it("is true for the slug the title makes and for each one uniqueSlug makes of it, even a long title's", () => {
    expect(isAutomaticSlug('hello-world', 'Hello, World!')).toBe(true);
    expect(isAutomaticSlug('hello-world-2', 'Hello, World!')).toBe(true);
    expect(isAutomaticSlug('hello-world-13', 'Hello, World!')).toBe(true);
    expect(isAutomaticSlug('top-10', 'Top')).toBe(true);
    const long = 'A very long title about the games of a whole decade, reviewed one by one';
    const base = slugify(long);
    expect(Array.from(base)).toHaveLength(SLUG_MAX);
    const numbered = uniqueSlug(base, new Set([base, uniqueSlug(base, new Set([base]))]));
    expect(numbered).toMatch(/-3$/);
    expect(isAutomaticSlug(numbered, long)).toBe(true);
  });

  it("is false for the author's own slug, one of another title, a -1 (never made), or the title's own number dropped", () => {
    expect(isAutomaticSlug('my-choice', 'Hello, World!')).toBe(false);
    expect(isAutomaticSlug('hello', 'Hello, World!')).toBe(false);
    expect(isAutomaticSlug('hello-world-two', 'Hello, World!')).toBe(false);
    expect(isAutomaticSlug('hello-world-1', 'Hello, World!')).toBe(false);
    expect(isAutomaticSlug('top-10-2', 'Top 10')).toBe(true);
    expect(isAutomaticSlug('top', 'Top 10')).toBe(false);
  });
});
