// Everything a resolver may use, built once per request. The viewer (who is asking) is filled in by
// the auth module from the session cookie.
import type { Config } from './config.ts';
import type { PrismaClient } from './generated/prisma/client.ts';

export interface Viewer {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

export interface Context {
  prisma: PrismaClient;
  config: Config;
  viewer: Viewer | null;
  requestId: string;
}
