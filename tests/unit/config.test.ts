import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database under ./data', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: undefined,
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      siteName: 'My Blog',
      siteUrl: 'http://localhost:3000',
      owner: {
        name: undefined,
        bio: undefined,
        contactEmail: 'hello@example.com',
        portfolioUrl: 'https://example.com/portfolio',
        socialLinks: [],
      },
      site: { tagline: null, footerText: null, language: 'en', timeZone: 'UTC' },
      adminEmail: undefined,
      adminPassword: undefined,
      nodeEnv: 'development',
      maxUploadBytes: 10 * 1024 * 1024,
      responseCacheBytes: 128 * 1024 * 1024,
      readCacheBytes: 80 * 1024 * 1024,
      graphqlIntrospection: true,
      trustProxy: false,
      registrationOpen: false,
      uploadsS3: undefined,
      uploadsPublicUrl: undefined,
      serverRendering: true,
      variantsInBackground: true,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://blog:secret@db:5432/blog',
      DATA_DIR: '/srv/blog',
      SITE_NAME: 'Pixel Diaries',
      SITE_URL: 'https://blog.example.com/',
      AUTHOR_NAME: ' Robin Vale ',
      AUTHOR_BIO: 'Plays slow games, reads long books.',
      CONTACT_EMAIL: 'robin@pixel.example',
      PORTFOLIO_URL: 'https://robin.example/work',
      SOCIAL_LINKS: 'Mastodon=https://mastodon.social/@robin, GitHub = https://github.com/robin,',
      ADMIN_EMAIL: 'Me@Example.com',
      ADMIN_PASSWORD: 'a long passphrase',
      NODE_ENV: 'production',
      MAX_UPLOAD_MB: '2.5',
      RESPONSE_CACHE_MB: '16',
      READ_CACHE_MB: '100',
      TRUST_PROXY: 'true',
      REGISTRATION: 'open',
      SERVER_RENDERING: 'off',
      IMAGE_VARIANTS: 'request',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Robin <robin@pixel.example>',
      MAIL_RATE: '2.5',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://blog:secret@db:5432/blog',
      dataDir: '/srv/blog',
      siteName: 'Pixel Diaries',
      siteUrl: 'https://blog.example.com',
      owner: {
        name: 'Robin Vale',
        bio: 'Plays slow games, reads long books.',
        contactEmail: 'robin@pixel.example',
        portfolioUrl: 'https://robin.example/work',
        socialLinks: [
          { label: 'Mastodon', url: 'https://mastodon.social/@robin' },
          { label: 'GitHub', url: 'https://github.com/robin' },
        ],
      },
      site: { tagline: null, footerText: null, language: 'en', timeZone: 'UTC' },
      adminEmail: 'me@example.com',
      adminPassword: 'a long passphrase',
      nodeEnv: 'production',
      maxUploadBytes: 2.5 * 1024 * 1024,
      responseCacheBytes: 16 * 1024 * 1024,
      readCacheBytes: 100 * 1024 * 1024,
      graphqlIntrospection: false,
      trustProxy: true,
      registrationOpen: true,
      serverRendering: false,
      variantsInBackground: false,
      smtp: { url: 'smtp://mail.example:587', from: 'Robin <robin@pixel.example>', rate: 2.5 },
      mailFrom: 'Robin <robin@pixel.example>',
    });
  });

  it('sends 10 e-mails a second unless MAIL_RATE says otherwise', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example' }).smtp?.rate).toBe(10);
  });

  it('keeps images in a bucket when one is named, in its path at a custom endpoint unless told otherwise', () => {
    expect(loadConfig({ UPLOADS_S3_BUCKET: 'blog-images' }).uploadsS3).toEqual({
      bucket: 'blog-images',
      forcePathStyle: false,
    });
    const minio = { UPLOADS_S3_BUCKET: 'blog-images', AWS_ENDPOINT_URL_S3: 'http://minio:9000' };
    expect(loadConfig(minio).uploadsS3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...minio, UPLOADS_S3_FORCE_PATH_STYLE: 'false' }).uploadsS3?.forcePathStyle).toBe(false);
    expect(loadConfig({ UPLOADS_PUBLIC_URL: 'https://images.example.com/blog/' }).uploadsPublicUrl).toBe(
      'https://images.example.com/blog',
    );
    expect(
      problemsOf({
        UPLOADS_S3_BUCKET: 'My_Bucket',
        UPLOADS_PUBLIC_URL: 'images.example.com',
        UPLOADS_S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toEqual([
      'UPLOADS_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      'UPLOADS_S3_FORCE_PATH_STYLE must be true or false',
      'UPLOADS_PUBLIC_URL must be an absolute http:// or https:// URL, such as https://images.example.com',
    ]);
  });

  it('turns introspection off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'false' }).graphqlIntrospection).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', ADMIN_EMAIL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number between 1 and 65535'],
    [{ PORT: '0' }, 'PORT must be a whole number between 1 and 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number between 1 and 65535'],
    [{ PORT: '80.5' }, 'PORT must be a whole number between 1 and 65535'],
    [
      { DATABASE_URL: 'mysql://localhost/blog' },
      'DATABASE_URL must be a PostgreSQL connection string (postgresql://user:password@host:5432/database); leave it unset to use the embedded database',
    ],
    [
      { SITE_URL: 'blog.example.com' },
      'SITE_URL must be an absolute http:// or https:// URL, such as https://blog.example.com',
    ],
    [
      { SITE_URL: 'ftp://blog.example.com' },
      'SITE_URL must be an absolute http:// or https:// URL, such as https://blog.example.com',
    ],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL must be a valid email address'],
    [{ ADMIN_EMAIL: 'me@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 12 characters long'],
    [{ ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_PASSWORD is set but ADMIN_EMAIL is not: set both, or neither'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be one of development, production, test'],
    [{ SITE_NAME: 'x'.repeat(61) }, 'SITE_NAME must be at most 60 characters'],
    [{ MAX_UPLOAD_MB: 'ten' }, 'MAX_UPLOAD_MB must be a number of megabytes between 1 and 100'],
    [{ MAX_UPLOAD_MB: '0' }, 'MAX_UPLOAD_MB must be a number of megabytes between 1 and 100'],
    [{ RESPONSE_CACHE_MB: 'lots' }, 'RESPONSE_CACHE_MB must be a number of megabytes between 1 and 4096'],
    [{ RESPONSE_CACHE_MB: '0.5' }, 'RESPONSE_CACHE_MB must be a number of megabytes between 1 and 4096'],
    [{ READ_CACHE_MB: 'lots' }, 'READ_CACHE_MB must be a number of megabytes between 1 and 4096'],
    [{ READ_CACHE_MB: '5000' }, 'READ_CACHE_MB must be a number of megabytes between 1 and 4096'],
    [{ GRAPHQL_INTROSPECTION: 'yes' }, 'GRAPHQL_INTROSPECTION must be true or false'],
    [{ REGISTRATION: 'yes' }, 'REGISTRATION must be open or closed'],
    [{ SERVER_RENDERING: 'yes' }, 'SERVER_RENDERING must be on or off'],
    [{ IMAGE_VARIANTS: 'later' }, 'IMAGE_VARIANTS must be background or request'],
    [{ CONTACT_EMAIL: 'robin at home' }, 'CONTACT_EMAIL must be a valid email address'],
    [
      { PORTFOLIO_URL: 'robin.example' },
      'PORTFOLIO_URL must be an absolute http:// or https:// URL, such as https://example.com/portfolio',
    ],
    [{ AUTHOR_BIO: 'x'.repeat(301) }, 'AUTHOR_BIO must be at most 300 characters'],
    [
      { MAIL_FROM: 'Robin, <robin@pixel.example>' },
      'MAIL_FROM must be an address or Name <address>, such as Blog <no-reply@example.com>',
    ],
    [{ MAIL_RATE: 'fast' }, 'MAIL_RATE must be a number of e-mails a second between 1 and 1000'],
    [{ MAIL_RATE: '0' }, 'MAIL_RATE must be a number of e-mails a second between 1 and 1000'],
    [{ MAIL_RATE: '5000' }, 'MAIL_RATE must be a number of e-mails a second between 1 and 1000'],
  ])('refuses %o with its own message', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it.each(['GitHub', 'GitHub=github.com/robin', '=https://github.com/robin', 'GitHub=javascript:alert(1)'])(
    'refuses SOCIAL_LINKS=%s with its message',
    (SOCIAL_LINKS) => {
      expect(problemsOf({ SOCIAL_LINKS })).toEqual([
        'SOCIAL_LINKS must be a comma-separated list of Label=https://address pairs, such as Mastodon=https://mastodon.social/@me,GitHub=https://github.com/me',
      ]);
    },
  );

  it('reports every bad value at once', () => {
    expect(problemsOf({ PORT: 'x', SITE_URL: 'nope', NODE_ENV: 'prod' })).toEqual([
      'PORT must be a whole number between 1 and 65535',
      'SITE_URL must be an absolute http:// or https:// URL, such as https://blog.example.com',
      'NODE_ENV must be one of development, production, test',
    ]);
  });
});
