// The services of every domain, built once per app over its database. GraphQL resolvers and REST
// handlers both call these: the rules live here, once.
import type { ContentChanges } from './cache/content-changes.ts';
import type { Config } from './config.ts';
import { uploadsDirOf } from './config.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { AttemptThrottle, REGISTRATION_LIMITS } from './modules/auth/attempt-throttle.ts';
import { PasswordCheck } from './modules/auth/password-check.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { ImageStore } from './modules/media/image-store.ts';
import { PostService } from './modules/post/post.service.ts';
import { SeoService } from './modules/seo/seo.service.ts';
import { UpcomingService } from './modules/upcoming/upcoming.service.ts';
import { UserService } from './modules/user/user.service.ts';

export interface Services {
  images: ImageStore;
  sessions: SessionService;
  /** The login limits: sign-ins and confirmations of the current password. */
  throttle: AttemptThrottle;
  auth: AuthService;
  users: UserService;
  posts: PostService;
  upcoming: UpcomingService;
  seo: SeoService;
}

/** changes: what empties the public read caches (Database.watchContentChanges()). */
export function createServices(prisma: PrismaClient, config: Config, changes: ContentChanges): Services {
  const images = new ImageStore(uploadsDirOf(config), config.maxUploadBytes);
  const sessions = new SessionService(prisma, config);
  const throttle = new AttemptThrottle(prisma);
  const passwords = new PasswordCheck(prisma, throttle);
  const users = new UserService(prisma, sessions, passwords, new AttemptThrottle(prisma, REGISTRATION_LIMITS), config);
  return {
    images,
    sessions,
    throttle,
    auth: new AuthService(sessions, passwords, users),
    users,
    posts: new PostService(prisma, images, changes),
    upcoming: new UpcomingService(prisma, images, changes),
    seo: new SeoService(prisma, changes),
  };
}
