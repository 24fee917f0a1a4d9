// Text safely placed in XML and HTML. Every value written into a feed, the sitemap or a page's head
// passes through one of these: a title may hold '<', quotes or '&', and XML 1.0 refuses most
// control characters outright (one of them would make a whole feed unreadable).

// Characters XML 1.0 does not allow anywhere, even escaped: C0 controls but tab, LF and CR, lone
// surrogates, U+FFFE and U+FFFF.
const NOT_XML_CHARACTER =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function stripInvalidXmlCharacters(text: string): string {
  return text.replace(NOT_XML_CHARACTER, '');
}

/** For element text and attribute values alike, in XML and in HTML. */
export function escapeMarkup(text: string): string {
  return stripInvalidXmlCharacters(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A CDATA section holding any text: ']]>' inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXmlCharacters(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * JSON for a <script type="application/ld+json"> block: '<', '>' and '&' as \u escapes, so no
 * '</script>' or '<!--' in a value can end the block early; U+2028 and U+2029 likewise.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
