// Sessions after the Lucia project's design (docs/decisions/004-cookie-sessions.md): the cookie holds
// "<id>.<secret>", the database only the SHA-256 of the secret, compared in constant time. Sessions
// last 30 days and are extended when used in their second half. A session keeps the time of the
// sign-in that created it (signedInAt), which renewal leaves alone: a credential change without the
// current password is allowed only shortly after it (docs/decisions/017).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Viewer } from './viewer.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { readCookie, SESSION_COOKIE } from '../../http/cookies.ts';
import type { RequestState } from '../../http/request-state.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface ValidatedSession {
  sessionId: string;
  viewer: Viewer;
  /** A new cookie to send when the session was extended; null otherwise. */
  refreshedCookie: string | null;
}

function randomToken(bytes: number): string {
  // 160 random bits each for the id and the secret (the design asks for at least 120), URL-safe.
  return randomBytes(bytes).toString('base64url');
}

function hashSecret(secret: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(secret).digest());
}

export class SessionService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Pick<Config, 'siteUrl'>,
  ) {}

  private get secure(): boolean {
    return this.config.siteUrl.startsWith('https://');
  }

  cookieFor(token: string, expiresAt: Date): string {
    const parts = [
      `${SESSION_COOKIE}=${token}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Expires=${expiresAt.toUTCString()}`,
      `Max-Age=${Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}`,
    ];
    if (this.secure) parts.push('Secure');
    return parts.join('; ');
  }

  clearedCookie(): string {
    const parts = [
      `${SESSION_COOKIE}=`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      'Max-Age=0',
    ];
    if (this.secure) parts.push('Secure');
    return parts.join('; ');
  }

  /** Starts a new session for the user; returns the Set-Cookie header value that carries it. */
  async create(userId: string): Promise<{ sessionId: string; cookie: string }> {
    const id = randomToken(20);
    const secret = randomToken(20);
    const signedInAt = new Date();
    const expiresAt = new Date(signedInAt.getTime() + SESSION_LIFETIME_MS);
    await this.prisma.session.create({ data: { id, secretHash: hashSecret(secret), userId, signedInAt, expiresAt } });
    return { sessionId: id, cookie: this.cookieFor(`${id}.${secret}`, expiresAt) };
  }

  /** The session a cookie header names, if it is real and current; expired ones are deleted. */
  async validate(cookieHeader: string | null | undefined): Promise<ValidatedSession | null> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    const [id, secret, extra] = token?.split('.') ?? [];
    if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;

    const session = await this.prisma.session.findUnique({
      where: { id },
      include: { user: { select: { id: true, name: true, email: true, isAdmin: true } } },
    });
    if (!session) return null;
    const stored = Buffer.from(session.secretHash);
    const given = hashSecret(secret);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;

    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await this.prisma.session.deleteMany({ where: { id } });
      return null;
    }
    let refreshedCookie: string | null = null;
    if (session.expiresAt.getTime() - now < SESSION_LIFETIME_MS / 2) {
      const expiresAt = new Date(now + SESSION_LIFETIME_MS);
      await this.prisma.session.update({ where: { id }, data: { expiresAt } });
      refreshedCookie = this.cookieFor(`${id}.${secret}`, expiresAt);
    }
    return { sessionId: id, viewer: session.user, refreshedCookie };
  }

  /** When the password was last given for this session: its sign-in. Null for an unknown session. */
  async signedInAt(sessionId: string): Promise<Date | null> {
    const session = await this.prisma.session.findUnique({ where: { id: sessionId }, select: { signedInAt: true } });
    return session?.signedInAt ?? null;
  }

  async invalidate(sessionId: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { id: sessionId } });
  }

  /**
   * Ends every session of the user except the one given (after a password change). `db` is the
   * transaction the password is changed in, so that both happen or neither does.
   */
  async invalidateOthers(
    userId: string,
    keepSessionId: string | null,
    db: Prisma.TransactionClient = this.prisma,
  ): Promise<void> {
    await db.session.deleteMany({
      where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    });
  }
}

/**
 * Queues a session cookie for the response, replacing a renewal of the old session queued earlier
 * in the same request, so exactly one session cookie goes out.
 */
export function queueSessionCookie(responseCookies: string[], cookie: string): void {
  const others = responseCookies.filter((value) => !value.startsWith(`${SESSION_COOKIE}=`));
  responseCookies.splice(0, responseCookies.length, ...others, cookie);
}

/**
 * Who is asking: the session cookie, checked once per request, for GraphQL and REST alike. A request
 * another site's page sent is nobody's: a foreign origin never acts with the caller's session
 * (server/http/origin-policy.ts), so it reads what anyone may read.
 */
export async function resolveViewer(
  sessions: SessionService,
  request: Request,
  state: RequestState,
): Promise<{ viewer: Viewer | null; sessionId: string | null }> {
  if (state.crossSite) return { viewer: null, sessionId: null };
  const session = await sessions.validate(request.headers.get('cookie'));
  if (!session) return { viewer: null, sessionId: null };
  if (session.refreshedCookie) state.responseCookies.push(session.refreshedCookie);
  return { viewer: session.viewer, sessionId: session.sessionId };
}
