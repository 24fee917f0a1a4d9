// The site's settings (issue 36): its title and tagline, who writes it, where to reach them, the
// footer's line, the language and the time zone (and issue 40's From of the site's e-mail), in the one
// SiteSetting row and edited at /admin/settings. The environment (SITE_NAME, AUTHOR_*, CONTACT_EMAIL,
// PORTFOLIO_URL, SOCIAL_LINKS, MAIL_FROM) seeds the row at the first start only. Every page, head tag, feed and JSON-LD reads them from this
// process's configuration (config.siteName, config.owner, config.site), which holds the row's values:
// after a change here at once, and in every other server on the same database when the row's trigger
// announces it on the content channel (a bare table name: everything changed), with no restart.
import {
  normalizeSiteSettings,
  validateSiteSettings,
  type SiteSettingsFields,
  type SocialLinkFields,
} from '#kernel/site-settings-rules.ts';
import { checkFocus } from '#kernel/focal-point.ts';
import { siteSettingsMessages } from '#kernel/messages.ts';
import { EVERYTHING, SETTINGS_TAG, type ContentChanges } from '../../cache/content-changes.ts';
import type { Config, SiteLook, SiteOwner } from '../../config.ts';
import { checkVersion } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { ImageFiles } from '../media/image-files.ts';
import { checkWriteImages, commitImages, type ImageUpload, saveImage } from '../media/image-upload.ts';
import { deleteUnusedImages } from '../media/image-uses.ts';

/** The settings' one row (its CHECK constraint allows no other). */
export const SETTINGS_ID = 1;

/** Every setting, as the site shows it (the pictures as their Image rows, in SiteLook). */
export interface SiteSettings extends SiteLook {
  title: string;
  authorName: string | null;
  bio: string | null;
  contactEmail: string;
  portfolioUrl: string;
  socialLinks: SocialLinkFields[];
  /** The From of the site's e-mail (issue 40); null: the default. The admin's only: never public. */
  mailFrom: string | null;
}

/** The row with its pictures, read in the same statement (a join). */
const WITH_PICTURES = { include: { avatar: true, banner: true } } as const;
type SettingsRow = Prisma.SiteSettingGetPayload<typeof WITH_PICTURES>;

/** The settings' two pictures (issue 36), each kept while named by the row (image-uses.ts). */
export const SITE_PICTURES = ['avatar', 'banner'] as const;
export type SitePicture = (typeof SITE_PICTURES)[number];

/** What updateSite takes besides the texts: a new picture replaces the stored one; remove drops it. */
export interface SitePicturesInput {
  avatar?: ImageUpload | null;
  banner?: ImageUpload | null;
  /** Ignored when a new picture of the same field is sent (it replaces the old one anyway). */
  removeAvatar?: boolean | null;
  removeBanner?: boolean | null;
  /** Each picture's focal point (0 to 1), the new one's or the stored one's; absent: as it is (a new one's middle). */
  avatarFocusX?: number | null;
  avatarFocusY?: number | null;
  bannerFocusX?: number | null;
  bannerFocusY?: number | null;
}
const REMOVE: Record<SitePicture, 'removeAvatar' | 'removeBanner'> = {
  avatar: 'removeAvatar',
  banner: 'removeBanner',
};
const COLUMN: Record<SitePicture, 'avatarId' | 'bannerId'> = { avatar: 'avatarId', banner: 'bannerId' };
const FOCUS = {
  avatar: ['avatarFocusX', 'avatarFocusY'],
  banner: ['bannerFocusX', 'bannerFocusY'],
} as const satisfies Record<SitePicture, readonly [keyof SitePicturesInput, keyof SitePicturesInput]>;
type SettingsDb = Pick<PrismaClient, 'siteSetting'>;

function socialLinksOf(value: unknown): SocialLinkFields[] {
  if (!Array.isArray(value)) return [];
  // Rebuilt in one key order: jsonb keeps its own, and settings are compared as JSON.
  return value
    .filter(
      (link): link is SocialLinkFields =>
        typeof link === 'object' && link !== null && typeof link.label === 'string' && typeof link.url === 'string',
    )
    .map(({ label, url }) => ({ label, url }));
}

/** What this process shows now (the row's, or the environment's before any row). */
export function currentSettings(config: Config): SiteSettings {
  return {
    title: config.siteName,
    authorName: config.owner.name ?? null,
    bio: config.owner.bio ?? null,
    contactEmail: config.owner.contactEmail,
    portfolioUrl: config.owner.portfolioUrl,
    socialLinks: config.owner.socialLinks,
    mailFrom: config.mailFrom ?? null,
    ...config.site,
  };
}

/** The row's settings; a field it leaves empty keeps what the process has (the environment's seed). */
function settingsOf(row: SettingsRow, fallback: SiteSettings): SiteSettings {
  return {
    title: row.title ?? fallback.title,
    tagline: row.tagline,
    authorName: row.authorName,
    bio: row.bio,
    contactEmail: row.contactEmail ?? fallback.contactEmail,
    portfolioUrl: row.portfolioUrl ?? fallback.portfolioUrl,
    socialLinks: socialLinksOf(row.socialLinks),
    mailFrom: row.mailFrom,
    footerText: row.footerText,
    language: row.language,
    timeZone: row.timeZone,
    avatar: row.avatar,
    banner: row.banner,
    updatedAt: row.updatedAt,
  };
}

function apply(config: Config, settings: SiteSettings): void {
  const { title, authorName, bio, contactEmail, portfolioUrl, socialLinks, mailFrom, ...look } = settings;
  config.siteName = title;
  config.mailFrom = mailFrom;
  const owner: SiteOwner = {
    name: authorName ?? undefined,
    bio: bio ?? undefined,
    contactEmail,
    portfolioUrl,
    socialLinks,
  };
  config.owner = owner;
  config.site = look;
}

/**
 * The first start's seed, once: a new row, or the row the first run or an earlier version made
 * (with a title and the author's name, perhaps), gets the environment's values in the fields it
 * leaves empty, and is marked seeded; the environment is not read for these again. Run under the
 * start's migration lock, so two servers starting at once seed once.
 */
export async function seedSiteSettings(prisma: SettingsDb, config: Config): Promise<void> {
  const row = await prisma.siteSetting.findUnique({ where: { id: SETTINGS_ID } });
  if (row?.seeded) return;
  const env = currentSettings(config);
  const seed = {
    title: row?.title ?? env.title,
    authorName: row?.authorName ?? env.authorName,
    bio: row?.bio ?? env.bio,
    contactEmail: row?.contactEmail ?? env.contactEmail,
    portfolioUrl: row?.portfolioUrl ?? env.portfolioUrl,
    socialLinks: (row && socialLinksOf(row.socialLinks).length > 0
      ? socialLinksOf(row.socialLinks)
      : env.socialLinks
    ).map(({ label, url }) => ({ label, url })),
    mailFrom: row?.mailFrom ?? env.mailFrom,
    seeded: true,
  };
  await prisma.siteSetting.upsert({ where: { id: SETTINGS_ID }, update: seed, create: { id: SETTINGS_ID, ...seed } });
}

/** Puts the stored settings into config (at start, after the setup, and when another server changed them). */
export async function applySiteSettings(prisma: SettingsDb, config: Config): Promise<boolean> {
  const row = await prisma.siteSetting.findUnique({ where: { id: SETTINGS_ID }, ...WITH_PICTURES });
  if (!row) return false;
  // The version alone changing (the first run's setup code closed) changes nothing a page shows.
  const shown = () => JSON.stringify({ ...currentSettings(config), updatedAt: undefined });
  const before = shown();
  apply(config, settingsOf(row, currentSettings(config)));
  // Both read through currentSettings, so the same fields in the same order.
  return shown() !== before;
}

export class SiteSettingsService {
  /** A read of the row under way, and whether another must follow it (a change came during it). */
  private reading: Promise<void> | null = null;
  private readAgain = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Config,
    private readonly changes: ContentChanges,
    private readonly files: ImageFiles,
  ) {
    // A change this process did not make (another server's, psql's) reaches it as the row's notice
    // (SETTINGS_CHANGE: everything, tagged), as does a lost or regained channel: the settings are
    // read again, and if they differ, every cache forgets again what it may have kept from the old
    // ones meanwhile. Other "everything" changes (a page saved, a bulk statement) leave them.
    changes.subscribe((change) => {
      if (change.tags.has(SETTINGS_TAG)) this.reread();
    });
  }

  current(): SiteSettings {
    return currentSettings(this.config);
  }

  /**
   * Stores new settings for the whole site; BAD_USER_INPUT with every field's message (a refused
   * picture's under `avatar` or `banner`, a focal point outside it under `avatarFocus` or
   * `bannerFocus`), and nothing changed. A replaced or removed picture's row and files go, as a
   * card's do. With `expectedUpdatedAt` (the version the author's form was loaded with), CONFLICT
   * when the settings were saved elsewhere since, and nothing changed: as a post's edit (post-writes.ts).
   */
  async update(
    fields: SiteSettingsFields,
    pictures: SitePicturesInput = {},
    expectedUpdatedAt: Date | null = null,
  ): Promise<SiteSettings> {
    // Refused before the pictures are decoded, the costly part; checked again under the row's lock.
    const before = await this.prisma.siteSetting.findUnique({
      where: { id: SETTINGS_ID },
      select: { updatedAt: true },
    });
    if (before) checkVersion(before, expectedUpdatedAt, siteSettingsMessages.conflict);
    const errors = validateSiteSettings(fields);
    const focus: Partial<Record<SitePicture, { focusX: number; focusY: number }>> = {};
    for (const field of SITE_PICTURES) {
      const [x, y] = FOCUS[field];
      const checked = checkFocus(pictures[x] as number | null | undefined, pictures[y] as number | null | undefined);
      if (checked.error) errors[`${field}Focus`] = checked.error;
      else if (checked.focus) focus[field] = checked.focus;
    }
    const checked = await checkWriteImages(this.files.store, errors as Record<string, string>, {
      avatar: pictures.avatar,
      banner: pictures.banner,
    });
    const stored = [];
    const created: Partial<Record<SitePicture, Awaited<ReturnType<typeof saveImage>>>> = {};
    try {
      for (const field of SITE_PICTURES) {
        const image = checked[field];
        if (image) stored.push((created[field] = await saveImage(this.files, image, field)));
      }
    } catch (error) {
      // The avatar written, the banner refused: the avatar's files go too, and nothing changes.
      for (const image of stored) await this.files.abandon(image);
      throw error;
    }
    const data = { ...normalizeSiteSettings(fields), seeded: true };
    const write = async (tx: Prisma.TransactionClient) => {
      await tx.siteSetting.upsert({ where: { id: SETTINGS_ID }, update: {}, create: { id: SETTINGS_ID } });
      // Locked: two saves at once apply one after the other, and a replaced picture is removed once.
      const [current] = await tx.$queryRaw<Array<Record<'avatarId' | 'bannerId', string | null> & { updatedAt: Date }>>`
        SELECT "avatarId", "bannerId", "updatedAt" FROM "SiteSetting" WHERE "id" = ${SETTINGS_ID} FOR UPDATE`;
      // A row just made by the upsert above has no version the form could have been loaded with.
      if (current && before) checkVersion(current, expectedUpdatedAt, siteSettingsMessages.conflict);
      const ids: Partial<Record<'avatarId' | 'bannerId', string | null>> = {};
      const dropped: Array<string | null> = [];
      for (const field of SITE_PICTURES) {
        const image = created[field];
        const stored = current?.[COLUMN[field]] ?? null;
        // The point moved on the picture kept: its Image row holds it, as a post's cover's does.
        if (!image && !pictures[REMOVE[field]] && focus[field] && stored) {
          await tx.image.update({ where: { id: stored }, data: focus[field] });
        }
        if (!image && !pictures[REMOVE[field]]) continue;
        ids[COLUMN[field]] = image
          ? (await tx.image.create({ data: { ...image, ...focus[field] }, select: { id: true } })).id
          : null;
        dropped.push(stored);
      }
      const row = await tx.siteSetting.update({
        where: { id: SETTINGS_ID },
        data: { ...data, ...ids },
        ...WITH_PICTURES,
      });
      return { row, replaced: await deleteUnusedImages(tx, this.files, dropped) };
    };
    const { row, replaced } = stored.length
      ? await commitImages(this.prisma, this.files, stored, write)
      : await this.prisma.$transaction(write);
    apply(this.config, settingsOf(row, this.current()));
    // At once in this process; the trigger tells the others (and this one again, harmlessly).
    this.changes.changed(EVERYTHING);
    if (replaced.length > 0) await this.files.removeNow(replaced);
    return this.current();
  }

  private reread(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = applySiteSettings(this.prisma, this.config)
      .then((changed) => {
        if (changed) this.changes.changed(EVERYTHING);
      })
      // The database unreachable for a moment: the next change reads again.
      .catch(() => {})
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.reread();
        }
      });
  }
}
