// The site's settings (issue 36): its title and tagline, who writes it, where to reach them, the
// footer's line, the language and the time zone, in the one SiteSetting row and edited at
// /admin/settings. The environment (SITE_NAME, AUTHOR_*, CONTACT_EMAIL, PORTFOLIO_URL, SOCIAL_LINKS)
// seeds the row at the first start only. Every page, head tag, feed and JSON-LD reads them from this
// process's configuration (config.siteName, config.owner, config.site), which holds the row's values:
// after a change here at once, and in every other server on the same database when the row's trigger
// announces it on the content channel (a bare table name: everything changed), with no restart.
import {
  normalizeSiteSettings,
  validateSiteSettings,
  type SiteSettingsFields,
  type SocialLinkFields,
} from '#kernel/site-settings-rules.ts';
import { EVERYTHING, type ContentChanges } from '../../cache/content-changes.ts';
import type { Config, SiteLook, SiteOwner } from '../../config.ts';
import { validationError } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

/** The settings' one row (its CHECK constraint allows no other). */
export const SETTINGS_ID = 1;

/** Every setting, as the site shows it. */
export interface SiteSettings extends SiteLook {
  title: string;
  authorName: string | null;
  bio: string | null;
  contactEmail: string;
  portfolioUrl: string;
  socialLinks: SocialLinkFields[];
}

type SettingsRow = Prisma.SiteSettingGetPayload<object>;
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
    footerText: row.footerText,
    language: row.language,
    timeZone: row.timeZone,
  };
}

function apply(config: Config, settings: SiteSettings): void {
  const { title, authorName, bio, contactEmail, portfolioUrl, socialLinks, ...look } = settings;
  config.siteName = title;
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
    seeded: true,
  };
  await prisma.siteSetting.upsert({ where: { id: SETTINGS_ID }, update: seed, create: { id: SETTINGS_ID, ...seed } });
}

/** Puts the stored settings into config (at start, after the setup, and when another server changed them). */
export async function applySiteSettings(prisma: SettingsDb, config: Config): Promise<boolean> {
  const row = await prisma.siteSetting.findUnique({ where: { id: SETTINGS_ID } });
  if (!row) return false;
  const before = JSON.stringify(currentSettings(config));
  apply(config, settingsOf(row, currentSettings(config)));
  // Both read through currentSettings, so the same fields in the same order.
  return JSON.stringify(currentSettings(config)) !== before;
}

export class SiteSettingsService {
  /** A read of the row under way, and whether another must follow it (a change came during it). */
  private reading: Promise<void> | null = null;
  private readAgain = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Config,
    private readonly changes: ContentChanges,
  ) {
    // A change this process did not make (another server's, psql's) reaches it as "everything
    // changed" (the row's trigger sends a bare table name): the settings are read again, and if
    // they differ, every cache forgets again what it may have kept from the old ones meanwhile.
    changes.subscribe((change) => {
      if (change.everything) this.reread();
    });
  }

  current(): SiteSettings {
    return currentSettings(this.config);
  }

  /** Stores new settings for the whole site; BAD_USER_INPUT with every field's message, and nothing changed. */
  async update(fields: SiteSettingsFields): Promise<SiteSettings> {
    const errors = validateSiteSettings(fields);
    if (Object.keys(errors).length > 0) throw validationError(errors as Record<string, string>);
    const data = { ...normalizeSiteSettings(fields), seeded: true };
    const row = await this.prisma.siteSetting.upsert({
      where: { id: SETTINGS_ID },
      update: data,
      create: { id: SETTINGS_ID, ...data },
    });
    apply(this.config, settingsOf(row, this.current()));
    // At once in this process; the trigger tells the others (and this one again, harmlessly).
    this.changes.changed(EVERYTHING);
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
