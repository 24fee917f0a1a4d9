-- CreateEnum
CREATE TYPE "PostStatus" AS ENUM ('DRAFT', 'SCHEDULED', 'PUBLISHED');

-- DropIndex
DROP INDEX "Post_category_createdAt_id_idx";

-- DropIndex
DROP INDEX "Post_createdAt_id_idx";

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "focusX" DOUBLE PRECISION NOT NULL DEFAULT 0.5,
ADD COLUMN     "focusY" DOUBLE PRECISION NOT NULL DEFAULT 0.5;

-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "imageAlt" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "publishedAt" TIMESTAMPTZ(3),
ADD COLUMN     "slug" TEXT DEFAULT '',
ADD COLUMN     "status" "PostStatus" NOT NULL DEFAULT 'PUBLISHED',
ALTER COLUMN "category" DROP NOT NULL,
ALTER COLUMN "imageId" DROP NOT NULL;

-- The slug a title makes, in the ASCII subset of what kernel/slug-rules.ts makes (lower case, common
-- accents dropped, anything else joined by "-", at most 60 characters, "post" when nothing is left);
-- the words the blog's own addresses use (/blog/search, /blog/page/2) get "-post". The server always
-- sets a post's slug itself; this is for rows written without one (below).
CREATE FUNCTION "blog_title_slug"(title TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s IN ('search', 'page') THEN s || '-post' ELSE s END
  FROM (SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(
      translate(lower(title), 'àáâãäåāçćčèéêëēěìíîïīñńòóôõöøōùúûüūůýÿžšřđ', 'aaaaaaaccceeeeeeiiiiinnooooooouuuuuuyyzsrd'),
      '[^a-z0-9]+', '-', 'g'), 60)), ''), 'post') AS s) AS made
$$;

-- A row written without a slug or a publication date (an import of an older backup, a bulk load, a
-- statement typed in psql) gets them here, so it is a whole post: its title's slug (with a piece of
-- its id when another post has that one) and, when it is public, its creation time.
CREATE FUNCTION "blog_post_defaults"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."slug" IS NULL OR NEW."slug" = '' THEN
    NEW."slug" := "blog_title_slug"(NEW."title");
    IF EXISTS (SELECT 1 FROM "Post" WHERE "slug" = NEW."slug" AND "id" <> NEW."id") THEN
      NEW."slug" := NEW."slug" || '-' || left(md5(NEW."id"::text), 6);
    END IF;
  END IF;
  IF NEW."status" <> 'DRAFT' AND NEW."publishedAt" IS NULL THEN
    NEW."publishedAt" := NEW."createdAt";
  END IF;
  RETURN NEW;
END;
$$;

-- Every post so far was public from its creation: that is its publication date. Slugs: the oldest
-- of two alike keeps it, the others add a piece of their id (a counter could meet another title's
-- slug, "Part 2" for one).
UPDATE "Post" SET "publishedAt" = "createdAt";
WITH "numbered" AS (
  SELECT "id", "blog_title_slug"("title") AS "slug",
    row_number() OVER (PARTITION BY "blog_title_slug"("title") ORDER BY "createdAt", "id") AS "n"
  FROM "Post"
)
UPDATE "Post" SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."slug"
    ELSE "numbered"."slug" || '-' || left(md5("Post"."id"::text), 6) END
FROM "numbered" WHERE "numbered"."id" = "Post"."id";

CREATE TRIGGER "Post_defaults" BEFORE INSERT ON "Post" FOR EACH ROW EXECUTE FUNCTION "blog_post_defaults"();

ALTER TABLE "Post" ALTER COLUMN "slug" SET NOT NULL;

-- Only a draft may lack what readers are shown: a cover, a category and a publication date.
ALTER TABLE "Post" ADD CONSTRAINT "Post_public_is_complete" CHECK (
  "status" = 'DRAFT' OR ("imageId" IS NOT NULL AND "category" IS NOT NULL AND "publishedAt" IS NOT NULL)
);
ALTER TABLE "Post" ADD CONSTRAINT "Post_draft_is_unpublished" CHECK ("status" <> 'DRAFT' OR "publishedAt" IS NULL);
-- Where a focal point can be: inside the picture.
ALTER TABLE "Image" ADD CONSTRAINT "Image_focus_inside" CHECK ("focusX" BETWEEN 0 AND 1 AND "focusY" BETWEEN 0 AND 1);

-- CreateTable
CREATE TABLE "PostSlugRedirect" (
    "slug" TEXT NOT NULL,
    "postId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostSlugRedirect_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE INDEX "PostSlugRedirect_postId_idx" ON "PostSlugRedirect"("postId");

-- CreateIndex
CREATE UNIQUE INDEX "Post_slug_key" ON "Post"("slug");

-- CreateIndex
CREATE INDEX "Post_status_publishedAt_id_idx" ON "Post"("status", "publishedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Post_status_category_publishedAt_id_idx" ON "Post"("status", "category", "publishedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Post_updatedAt_id_idx" ON "Post"("updatedAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "PostSlugRedirect" ADD CONSTRAINT "PostSlugRedirect_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What visitors read changes only when a post that is not a draft is written: an author's drafts
-- (saved every few seconds while they type) must not empty every cache of every server. The
-- statement triggers look at the rows they wrote (transition tables: one trigger per kind of write)
-- and stay silent when all of them were and are drafts, or when there were none (the scheduler's
-- statement that found nothing due).
DROP TRIGGER "Post_content_changed" ON "Post";

CREATE FUNCTION "blog_post_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  public_rows BOOLEAN := false;
BEGIN
  -- Nested: a statement names a transition table only in the trigger that has it.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    public_rows := EXISTS (SELECT 1 FROM "new_rows" WHERE "status" <> 'DRAFT');
  END IF;
  IF NOT public_rows AND TG_OP IN ('UPDATE', 'DELETE') THEN
    public_rows := EXISTS (SELECT 1 FROM "old_rows" WHERE "status" <> 'DRAFT');
  END IF;
  IF public_rows THEN
    PERFORM pg_notify('blog_content_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Post_inserted" AFTER INSERT ON "Post" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_post_content_changed"();
CREATE TRIGGER "Post_updated" AFTER UPDATE ON "Post" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_post_content_changed"();
CREATE TRIGGER "Post_deleted" AFTER DELETE ON "Post" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_post_content_changed"();
CREATE TRIGGER "Post_truncated" AFTER TRUNCATE ON "Post"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
