// Which content codings a client accepts (RFC 9110 12.5.3): a coding with q=0 is refused, '*' stands
// for every coding the header does not name, and a request without the header gets the body as it is.

/** The codings this server sends compressed bodies in, most compact first. */
const SERVER_CODINGS = ['br', 'gzip', 'deflate'] as const;
export type Coding = (typeof SERVER_CODINGS)[number];

/** The server's codings the Accept-Encoding header allows, most compact first. */
export function acceptedCodings(acceptEncoding: string | null | undefined): Coding[] {
  if (!acceptEncoding) return [];
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    weights.set(name, q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim()) || 0);
  }
  return SERVER_CODINGS.filter((coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0);
}
