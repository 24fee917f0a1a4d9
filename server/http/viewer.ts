// Who is asking: the session cookie, checked once per request, for GraphQL and REST alike. A request
// another site's page sent is nobody's: a foreign origin never acts with the caller's session
// (server/http/origin-policy.ts), so it reads what anyone may read.
import type { RequestState, Viewer } from '../context.ts';
import type { Services } from '../services.ts';

export async function resolveViewer(
  services: Services,
  request: Request,
  state: RequestState,
): Promise<{ viewer: Viewer | null; sessionId: string | null }> {
  if (state.crossSite) return { viewer: null, sessionId: null };
  const session = await services.sessions.validate(request.headers.get('cookie'));
  if (!session) return { viewer: null, sessionId: null };
  if (session.refreshedCookie) state.responseCookies.push(session.refreshedCookie);
  return { viewer: session.viewer, sessionId: session.sessionId };
}
