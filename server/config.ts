// Configuration comes from the environment only (and an optional .env file), validated once at start:
// every bad value is reported with its own message, so a self-hoster fixes them all in one go.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_MB } from '#kernel/image-rules.ts';
import { isMailFrom } from '#kernel/site-settings-rules.ts';
import type { Image } from './generated/prisma/client.ts';

/**
 * The response cache's default budget: a few thousand compressed pages, answers and feeds, which
 * covers what a personal blog's readers open; the rows behind them are bounded apart (READ_CACHE_MB).
 */
export const DEFAULT_RESPONSE_CACHE_MB = 128;
/**
 * A post of 2 KB of text is kept as about 8 KB (its row, and its JSON for REST): this holds every
 * post of a 10 000-post blog (62 MB measured, docs/decisions/034-memory-budgets.md).
 */
export const DEFAULT_READ_CACHE_MB = 80;
/**
 * E-mails a second the outbox sends (MAIL_RATE), each server process: well under what common SMTP
 * relays accept from one client, and 10 000 subscribers in under 20 minutes.
 */
export const DEFAULT_MAIL_RATE = 10;
const MAIL_RATE_PROBLEM = 'MAIL_RATE must be a number of e-mails a second between 1 and 1000';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  port: number;
  host: string | undefined;
  /** PostgreSQL server connection string; undefined means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  siteName: string;
  siteUrl: string;
  /** Who writes the site, as the about, hire-me and legal pages and the footer show it. */
  owner: SiteOwner;
  /**
   * The rest of the site's settings (issue 36). Like siteName and owner, the environment's values
   * seed the database's settings row once; from then on the row's (site-settings.service.ts) are here.
   */
  site: SiteLook;
  /**
   * The settings' From of the site's e-mail (issue 40; the admin's only, never on a public answer):
   * MAIL_FROM seeds the row once, then the row's is here. Absent or null: smtp.from.
   */
  mailFrom?: string | null;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  nodeEnv: NodeEnv;
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
  /** Memory the whole public responses kept in the server may take (server/http/response-cache.ts). */
  responseCacheBytes: number;
  /** The budget of the posts' read cache (READ_CACHE_MB). */
  readCacheBytes: number;
  /** Introspection and GraphiQL; on by default outside production. */
  graphqlIntrospection: boolean;
  /**
   * Behind a reverse proxy: take the caller's address from X-Forwarded-For, and the address the
   * browser used from X-Forwarded-Proto and X-Forwarded-Host (server/http/origin-policy.ts).
   */
  trustProxy: boolean;
  /** Whether anyone may create an account (REGISTRATION=open); closed by default (docs/decisions/017). */
  registrationOpen: boolean;
  /**
   * Whether the public pages are rendered on the server (docs/decisions/022); off, every page is the
   * bare client, which renders it in the browser (to compare, or while a render is being fixed).
   */
  serverRendering: boolean;
  /**
   * Image files in a bucket of an S3-compatible store (UPLOADS_S3_BUCKET) instead of DATA_DIR/uploads;
   * credentials, region and endpoint are the AWS SDK's own variables (docs/decisions/030).
   */
  uploadsS3: { bucket: string; forcePathStyle: boolean } | undefined;
  /**
   * Where readers fetch images from when not from this app's /uploads/ (the bucket's public address
   * or a CDN in front of it), without a trailing slash.
   */
  uploadsPublicUrl: string | undefined;
  /**
   * IMAGE_VARIANTS=background (the default): an upload stores its largest variant and the server
   * encodes the others after answering (server/modules/media/image-encoding.ts); `request`: all of
   * them before answering, as before issue 37.
   */
  variantsInBackground: boolean;
  /**
   * Issue 38: the SMTP server the outbox sends through (SMTP_URL), and its From; unset: nothing is sent.
   * Issue 40: at most `rate` messages a second (MAIL_RATE).
   */
  smtp: { url: string; from: string; rate: number } | undefined;
}

export interface SocialLink {
  label: string;
  url: string;
}

export interface SiteOwner {
  /** The author's name; undefined shows 'the author' in the footer and no greeting on /about. */
  name: string | undefined;
  /** A short bio for /about; undefined leaves it out. */
  bio: string | undefined;
  contactEmail: string;
  portfolioUrl: string;
  socialLinks: SocialLink[];
}

export interface SiteLook {
  /** The home banner's words and the home page's meta description; null: the built-in ones. */
  tagline: string | null;
  /** A line the footer shows; null: none. */
  footerText: string | null;
  /** A BCP 47 tag: <html lang> and the feeds' language. */
  language: string;
  /** An IANA time zone: the dates the pages show. */
  timeZone: string;
  /** The author's picture and the home banner's (issue 36); absent or null: none, the built-in banner. */
  avatar?: Image | null;
  banner?: Image | null;
  /** The settings' version (the row's updatedAt; null before any row): updateSite's expectedUpdatedAt. */
  updatedAt?: Date | null;
}

const SOCIAL_LINKS_PROBLEM =
  'SOCIAL_LINKS must be a comma-separated list of Label=https://address pairs, such as Mastodon=https://mastodon.social/@me,GitHub=https://github.com/me';

/** `Label=https://...` pairs, comma-separated; the label is what the link says. */
function parseSocialLinks(value: string, context: z.RefinementCtx): SocialLink[] {
  const links: SocialLink[] = [];
  for (const pair of value.split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const label = pair.slice(0, at).trim();
    const url = pair.slice(at + 1).trim();
    if (at < 1 || label === '' || label.length > 40 || !/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) {
      context.addIssue({ code: 'custom', message: SOCIAL_LINKS_PROBLEM });
      return z.NEVER;
    }
    links.push({ label, url });
  }
  return links;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

/** A size in megabytes, 1 to max, fallback when unset; one message names the variable and its range. */
function megabytes(name: string, max: number, fallback: number) {
  const message = `${name} must be a number of megabytes between 1 and ${max}`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).min(1, message).max(max, message).default(fallback),
  );
}

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'PORT must be a whole number between 1 and 65535' })
      .int('PORT must be a whole number between 1 and 65535')
      .min(1, 'PORT must be a whole number between 1 and 65535')
      .max(65535, 'PORT must be a whole number between 1 and 65535')
      .default(3000),
  ),
  HOST: optionalString,
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\/.+/,
        'DATABASE_URL must be a PostgreSQL connection string (postgresql://user:password@host:5432/database); leave it unset to use the embedded database',
      )
      .optional(),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  SITE_NAME: z.preprocess(
    blankToUndefined,
    z.string().trim().max(60, 'SITE_NAME must be at most 60 characters').default('My Blog'),
  ),
  SITE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'SITE_URL must be an absolute http:// or https:// URL, such as https://blog.example.com',
      })
      .optional(),
  ),
  AUTHOR_NAME: z.preprocess(
    blankToUndefined,
    z.string().trim().max(80, 'AUTHOR_NAME must be at most 80 characters').optional(),
  ),
  AUTHOR_BIO: z.preprocess(
    blankToUndefined,
    z.string().trim().max(300, 'AUTHOR_BIO must be at most 300 characters').optional(),
  ),
  CONTACT_EMAIL: z.preprocess(
    blankToUndefined,
    z.email({ error: 'CONTACT_EMAIL must be a valid email address' }).default('hello@example.com'),
  ),
  PORTFOLIO_URL: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'PORTFOLIO_URL must be an absolute http:// or https:// URL, such as https://example.com/portfolio',
      })
      .default('https://example.com/portfolio'),
  ),
  SOCIAL_LINKS: z.preprocess(blankToUndefined, z.string().default('').transform(parseSocialLinks)),
  ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'ADMIN_EMAIL must be a valid email address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters long').optional(),
  ),
  MAX_UPLOAD_MB: megabytes('MAX_UPLOAD_MB', 100, DEFAULT_MAX_UPLOAD_MB),
  RESPONSE_CACHE_MB: megabytes('RESPONSE_CACHE_MB', 4096, DEFAULT_RESPONSE_CACHE_MB),
  READ_CACHE_MB: megabytes('READ_CACHE_MB', 4096, DEFAULT_READ_CACHE_MB),
  GRAPHQL_INTROSPECTION: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false'], { error: 'GRAPHQL_INTROSPECTION must be true or false' }).optional(),
  ),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' }).default('false'),
  ),
  REGISTRATION: z.preprocess(
    blankToUndefined,
    z.enum(['open', 'closed'], { error: 'REGISTRATION must be open or closed' }).default('closed'),
  ),
  SERVER_RENDERING: z.preprocess(
    blankToUndefined,
    z.enum(['on', 'off'], { error: 'SERVER_RENDERING must be on or off' }).default('on'),
  ),
  IMAGE_VARIANTS: z.preprocess(
    blankToUndefined,
    z.enum(['background', 'request'], { error: 'IMAGE_VARIANTS must be background or request' }).default('background'),
  ),
  UPLOADS_S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'UPLOADS_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  UPLOADS_S3_FORCE_PATH_STYLE: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false'], { error: 'UPLOADS_S3_FORCE_PATH_STYLE must be true or false' }).optional(),
  ),
  AWS_ENDPOINT_URL_S3: optionalString,
  UPLOADS_PUBLIC_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'UPLOADS_PUBLIC_URL must be an absolute http:// or https:// URL, such as https://images.example.com',
      })
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        error: 'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587',
      })
      .optional(),
  ),
  // The settings' rule (issue 40): MAIL_FROM seeds them, and the form refuses what they would not take.
  MAIL_FROM: optionalString.refine((value) => value === undefined || isMailFrom(value), {
    error: 'MAIL_FROM must be an address or Name <address>, such as Blog <no-reply@example.com>',
  }),
  MAIL_RATE: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MAIL_RATE_PROBLEM })
      .min(1, MAIL_RATE_PROBLEM)
      .max(1000, MAIL_RATE_PROBLEM)
      .default(DEFAULT_MAIL_RATE),
  ),
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'NODE_ENV must be one of development, production, test',
      })
      .default('development'),
  ),
});

/** Reads `.env` from the working directory into process.env, without overriding what is already set. */
export function loadDotEnv(file = path.resolve('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function uploadsDirOf(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  }
  const v = parsed.data;
  if (v.ADMIN_PASSWORD && !v.ADMIN_EMAIL) {
    throw new ConfigError(['ADMIN_PASSWORD is set but ADMIN_EMAIL is not: set both, or neither']);
  }
  const siteUrl = (v.SITE_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, '');
  return {
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    dataDir: path.resolve(v.DATA_DIR),
    siteName: v.SITE_NAME,
    siteUrl,
    owner: {
      name: v.AUTHOR_NAME,
      bio: v.AUTHOR_BIO,
      contactEmail: v.CONTACT_EMAIL,
      portfolioUrl: v.PORTFOLIO_URL,
      socialLinks: v.SOCIAL_LINKS,
    },
    site: { tagline: null, footerText: null, language: 'en', timeZone: 'UTC' },
    mailFrom: v.MAIL_FROM,
    adminEmail: v.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: v.ADMIN_PASSWORD,
    nodeEnv: v.NODE_ENV,
    maxUploadBytes: Math.round(v.MAX_UPLOAD_MB * 1024 * 1024),
    responseCacheBytes: Math.round(v.RESPONSE_CACHE_MB * 1024 * 1024),
    readCacheBytes: Math.round(v.READ_CACHE_MB * 1024 * 1024),
    graphqlIntrospection: v.GRAPHQL_INTROSPECTION ? v.GRAPHQL_INTROSPECTION === 'true' : v.NODE_ENV !== 'production',
    trustProxy: v.TRUST_PROXY === 'true',
    registrationOpen: v.REGISTRATION === 'open',
    serverRendering: v.SERVER_RENDERING === 'on',
    uploadsS3: v.UPLOADS_S3_BUCKET
      ? {
          bucket: v.UPLOADS_S3_BUCKET,
          // A store at its own endpoint (MinIO, Garage, R2) takes the bucket in the path whatever its
          // DNS; AWS itself wants it in the host name.
          forcePathStyle: v.UPLOADS_S3_FORCE_PATH_STYLE
            ? v.UPLOADS_S3_FORCE_PATH_STYLE === 'true'
            : v.AWS_ENDPOINT_URL_S3 !== undefined,
        }
      : undefined,
    uploadsPublicUrl: v.UPLOADS_PUBLIC_URL?.replace(/\/+$/, ''),
    variantsInBackground: v.IMAGE_VARIANTS === 'background',
    smtp: v.SMTP_URL
      ? {
          url: v.SMTP_URL,
          from: v.MAIL_FROM ?? `${v.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
          rate: v.MAIL_RATE,
        }
      : undefined,
  };
}
