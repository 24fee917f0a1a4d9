// Link addresses. The link form accepts only web and e-mail addresses (http, https, mailto); the
// HTML writer keeps any address the server's content rules keep (so a tel: or relative link already
// in a post survives an edit), written in a form the sanitizer leaves exactly as it is.
import { CONTENT_URL_PATTERN } from '#kernel/content-rules.ts';

export const LINK_INPUT_ERROR = 'Enter a web address (http:// or https://) or an e-mail address (mailto:)';

export type LinkInput = { url: string } | { error: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const HOST_LIKE = /^[^\s/@:]+\.[a-z]{2,}(?:[:/?#]\S*)?$/i;

/** The address typed into the link form, normalized, or why it is refused. */
export function parseLinkInput(input: string): LinkInput {
  const text = input.trim();
  if (text === '') return { error: LINK_INPUT_ERROR };
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(text);
      return url.hostname ? { url: url.href } : { error: LINK_INPUT_ERROR };
    } catch {
      return { error: LINK_INPUT_ERROR };
    }
  }
  if (scheme === 'mailto') {
    const rest = text.slice('mailto:'.length);
    const address = rest.split('?')[0] ?? '';
    return EMAIL.test(decodeSafely(address)) ? { url: `mailto:${rest}` } : { error: LINK_INPUT_ERROR };
  }
  // A bare e-mail address or host name is what people paste most: give it its scheme.
  if (EMAIL.test(text)) return { url: `mailto:${text}` };
  if (HOST_LIKE.test(text)) {
    try {
      return { url: new URL(`https://${text}`).href };
    } catch {
      return { error: LINK_INPUT_ERROR };
    }
  }
  return { error: LINK_INPUT_ERROR };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// Characters an attribute value or the sanitizer's URL check would treat specially: controls,
// spaces (trimmed or stripped by DOMPurify), quotes and angle brackets (escaped differently by
// different serializers), and everything outside ASCII.
const UNSAFE_URL_CHARACTER = /[^\x21-\x7e]|["<>\\^`{|}]/gu;
const encoder = new TextEncoder();

function percentEncode(character: string): string {
  return Array.from(encoder.encode(character), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(
    '',
  );
}

/**
 * The href to write for a link's stored address: printable ASCII only, and one the server's
 * sanitizer keeps unchanged; null when it would drop it (javascript:, data:...), so no link is written.
 */
export function linkHref(url: string): string | null {
  const href = url.trim().replace(UNSAFE_URL_CHARACTER, percentEncode);
  return href !== '' && CONTENT_URL_PATTERN.test(href) ? href : null;
}
