// Tokens the server signs and later checks (HMAC-SHA-256): the comment form's time, a commenter's held
// comments, the e-mailed links of comments (issue 38) and of subscriptions (issue 40). One key, made
// by the comments' migration (CommentSettings.signingKey); each purpose signs its own way, so a token
// made for one purpose is never accepted for another.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';

export class TokenSigner {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly loadKey: () => Promise<string>) {}

  private signingKey(): Promise<Buffer> {
    this.key ??= this.loadKey()
      .then((key) => Buffer.from(key, 'utf8'))
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }

  async sign(purpose: string, value: string): Promise<string> {
    const mac = createHmac('sha256', await this.signingKey())
      .update(`${purpose}\n${value}`)
      .digest('base64url');
    return `${value}.${mac.slice(0, 32)}`;
  }

  /** The value a token signed for purpose carries, or null when it is not one of ours. */
  async verify(purpose: string, token: string | null | undefined): Promise<string | null> {
    if (!token) return null;
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const value = token.slice(0, dot);
    const expected = Buffer.from(await this.sign(purpose, value));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
  }
}

/** The signer of the readers' tokens, over the key the comments' migration made. */
export const readersSigner = (prisma: Pick<PrismaClient, 'commentSettings'>) =>
  new TokenSigner(() =>
    prisma.commentSettings
      .findUniqueOrThrow({ where: { id: 1 }, select: { signingKey: true } })
      .then((row) => row.signingKey),
  );
