// The services of every domain, built once per app over its database. GraphQL resolvers and REST
// handlers both call these: the rules live here, once.
import type { ContentChanges } from './cache/content-changes.ts';
import { FIXED_BUDGETS, ReadCaches } from './cache/read-caches.ts';
import { ServerMemory } from './cache/server-memory.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AttemptThrottle, REGISTRATION_LIMITS } from './modules/auth/attempt-throttle.ts';
import { PasswordCheck } from './modules/auth/password-check.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { ImageEncodingQueue } from './modules/media/image-encoding.ts';
import { ImageFiles } from './modules/media/image-files.ts';
import { imageStorageOf } from './modules/media/image-storage.ts';
import { ImageStore } from './modules/media/image-store.ts';
import { ImageUrls } from './modules/media/image-urls.ts';
import { MenuService } from './modules/menus/menu.service.ts';
import { ImportService } from './modules/import/import.service.ts';
import { RedirectService } from './modules/redirects/redirect.service.ts';
import { PostService } from './modules/post/post.service.ts';
import { SeoService } from './modules/pages/seo.service.ts';
import { TagService } from './modules/tag/tag.service.ts';
import { FirstRunService } from './modules/site/first-run.service.ts';
import { SiteSettingsService } from './modules/site/site-settings.service.ts';
import { UpcomingService } from './modules/upcoming/upcoming.service.ts';
import { PageService } from './modules/page/page.service.ts';
import { SignInService } from './modules/user/sign-in.service.ts';
import { UserService } from './modules/user/user.service.ts';
import { CommentService } from './modules/comments/comment.service.ts';
import { Outbox } from './modules/mail/outbox.ts';
import { ShelfService } from './modules/shelf/shelf.service.ts';
import { SubscriberService } from './modules/subscribers/subscriber.service.ts';
import { SubscriberAdminService } from './modules/subscribers/subscriber-admin.service.ts';

export interface Services {
  images: ImageStore;
  /** The addresses readers fetch images at (below /uploads/, or UPLOADS_PUBLIC_URL). */
  imageUrls: ImageUrls;
  /** Image files kept in step with their rows, across crashes. */
  imageFiles: ImageFiles;
  /** Encodes uploads' smaller variants in the background; started by the server (server/index.ts). */
  imageEncoding: ImageEncodingQueue;
  sessions: SessionService;
  /** The login limits: sign-ins and confirmations of the current password. */
  throttle: AttemptThrottle;
  /** Signing in and out. */
  signIn: SignInService;
  users: UserService;
  /** The first-run setup: naming the admin account and the site from the browser. */
  firstRun: FirstRunService;
  /** The site's settings (issue 36): what every page shows of the site and its author. */
  siteSettings: SiteSettingsService;
  posts: PostService;
  upcoming: UpcomingService;
  /** The pages the author writes (about, hire-me, /now...). */
  pages: PageService;
  seo: SeoService;
  /** The studio's tags: counted, renamed, merged, deleted. */
  tags: TagService;
  /** Every read cache, with its budget; the response cache is made from it too. */
  caches: ReadCaches;
  /** Where the process's memory goes (the admin's serverMemory query). */
  memory: ServerMemory;
  /** Old addresses leading elsewhere (issue 36). */
  redirects: RedirectService;
  /** The header and footer menus (issue 36). */
  menus: MenuService;
  /** Imports of another blog's export (issue 39). */
  imports: ImportService;
  /** Readers' comments and their moderation (issue 38). */
  comments: CommentService;
  /** The e-mail outbox and its worker (issue 38; started by server/index.ts). */
  outbox: Outbox;
  /** What the author reads, watches and plays (issue 41). */
  shelf: ShelfService;
  /** Readers who follow by e-mail (issue 40). */
  subscribers: SubscriberService;
  /** The studio's subscribers: list, counts, CSV export and import, a post's test e-mail (issue 40). */
  subscriberAdmin: SubscriberAdminService;
}

/** The read caches with the budgets the configuration gives (READ_CACHE_MB, RESPONSE_CACHE_MB). */
export function readCachesFor(config: Config, changes: ContentChanges): ReadCaches {
  return new ReadCaches(changes, {
    posts: config.readCacheBytes,
    responses: config.responseCacheBytes,
    ...FIXED_BUDGETS,
  });
}

/** changes: what empties the public read caches (Database.watchContentChanges()). */
export function createServices(db: Database, config: Config, changes: ContentChanges): Services {
  const { prisma } = db;
  const caches = readCachesFor(config, changes);
  const images = new ImageStore(imageStorageOf(config), config.maxUploadBytes);
  const imageFiles = new ImageFiles(images, db, { variantsLater: config.variantsInBackground });
  const sessions = new SessionService(prisma, config);
  const throttle = new AttemptThrottle(prisma);
  const passwords = new PasswordCheck(prisma, throttle);
  const users = new UserService(prisma, sessions, passwords, new AttemptThrottle(prisma, REGISTRATION_LIMITS), config);
  const firstRun = new FirstRunService(prisma, sessions, config, changes);
  const outbox = new Outbox(db, config);
  const subscribers = new SubscriberService(prisma, config, outbox);
  return {
    images,
    imageUrls: new ImageUrls(config.uploadsPublicUrl ?? null),
    sessions,
    throttle,
    signIn: new SignInService(sessions, passwords, users, firstRun),
    users,
    firstRun,
    siteSettings: new SiteSettingsService(prisma, config, changes, imageFiles),
    imageFiles,
    imageEncoding: new ImageEncodingQueue(db, images, imageFiles),
    posts: new PostService(prisma, imageFiles, caches, subscribers),
    upcoming: new UpcomingService(prisma, imageFiles, caches),
    pages: new PageService(prisma, imageFiles, changes),
    seo: new SeoService(prisma, caches, () => config.owner.name),
    tags: new TagService(prisma, changes),
    caches,
    memory: new ServerMemory(db, caches),
    redirects: new RedirectService(prisma, changes),
    menus: new MenuService(prisma, changes),
    imports: new ImportService(prisma, imageFiles, changes),
    comments: new CommentService(prisma, changes, config, outbox),
    outbox,
    shelf: new ShelfService(prisma, imageFiles, changes, () => config.site.timeZone),
    subscribers,
    subscriberAdmin: new SubscriberAdminService(prisma, config, outbox),
  };
}
