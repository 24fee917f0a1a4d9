-- Issue 36: the rest of the site's settings, edited at /admin/settings. An existing row (a site set up
-- at its first run) keeps its title and author's name; the next start fills the fields still empty
-- from the environment once (SITE_NAME, AUTHOR_BIO, CONTACT_EMAIL, ...) and marks the row seeded, after
-- which the environment is never read for them again (server/modules/site/site-settings.service.ts).
-- The table's trigger (20261127115900_site_setup) already tells every server of a change.
-- AlterTable
ALTER TABLE "SiteSetting" ADD COLUMN     "bio" TEXT,
ADD COLUMN     "contactEmail" TEXT,
ADD COLUMN     "footerText" TEXT,
ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "portfolioUrl" TEXT,
ADD COLUMN     "seeded" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "socialLinks" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "tagline" TEXT,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';
