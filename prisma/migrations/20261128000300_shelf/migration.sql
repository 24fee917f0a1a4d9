-- CreateEnum
CREATE TYPE "ShelfStatus" AS ENUM ('planned', 'in_progress', 'finished', 'on_hold', 'dropped');

-- CreateTable
CREATE TABLE "ShelfItem" (
    "id" UUID NOT NULL,
    "kind" "Category" NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "creator" TEXT NOT NULL DEFAULT '',
    "year" INTEGER,
    "imageId" UUID,
    "imageAlt" TEXT NOT NULL DEFAULT '',
    "status" "ShelfStatus" NOT NULL DEFAULT 'planned',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER,
    "ratingHalves" INTEGER,
    "startedOn" DATE,
    "finishedOn" DATE,
    "notes" TEXT NOT NULL DEFAULT '',
    "links" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sourceKey" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ShelfItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShelfItemPost" (
    "itemId" UUID NOT NULL,
    "postId" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ShelfItemPost_pkey" PRIMARY KEY ("itemId","postId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShelfItem_slug_key" ON "ShelfItem"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ShelfItem_imageId_key" ON "ShelfItem"("imageId");

-- CreateIndex
CREATE UNIQUE INDEX "ShelfItem_sourceKey_key" ON "ShelfItem"("sourceKey");

-- CreateIndex
CREATE INDEX "ShelfItem_status_updatedAt_idx" ON "ShelfItem"("status", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "ShelfItem_kind_status_idx" ON "ShelfItem"("kind", "status");

-- CreateIndex
CREATE INDEX "ShelfItem_finishedOn_idx" ON "ShelfItem"("finishedOn");

-- CreateIndex
CREATE INDEX "ShelfItemPost_postId_idx" ON "ShelfItemPost"("postId");

-- AddForeignKey
ALTER TABLE "ShelfItem" ADD CONSTRAINT "ShelfItem_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShelfItemPost" ADD CONSTRAINT "ShelfItemPost_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "ShelfItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShelfItemPost" ADD CONSTRAINT "ShelfItemPost_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The rules the service checks, held by the database too (kernel/shelf-rules.ts).
ALTER TABLE "ShelfItem" ADD CONSTRAINT "ShelfItem_rating_check" CHECK ("ratingHalves" IS NULL OR "ratingHalves" BETWEEN 1 AND 10);
ALTER TABLE "ShelfItem" ADD CONSTRAINT "ShelfItem_progress_check" CHECK ("progress" >= 0 AND ("progressTotal" IS NULL OR "progressTotal" >= 1));

-- Every server caches the shelf's pages, the home carousel (its items in progress) and the pages of
-- posts about items: a change to an item or to a post's items, whoever makes it, is announced with a
-- payload that touches what reads the shelf (tag `shelf`) and the cards (server/cache/post-changes.ts).
-- Only a statement that changed rows says so: a statement trigger fires for no row too, and every
-- post's delete deletes its (usually no) ShelfItemPost rows by cascade, which would otherwise make
-- every server forget every post page at each delete.
CREATE FUNCTION "blog_shelf_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed BOOLEAN := TG_OP = 'TRUNCATE';
BEGIN
  -- One branch per event: a transition table is known only to the triggers that declare it.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    changed := EXISTS (SELECT 1 FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM "old_rows");
  END IF;
  IF changed THEN
    PERFORM pg_notify('blog_content_changed', '{"t":"Shelf"}');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "ShelfItem_inserted" AFTER INSERT ON "ShelfItem" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItem_updated" AFTER UPDATE ON "ShelfItem" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItem_deleted" AFTER DELETE ON "ShelfItem" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItem_truncated" AFTER TRUNCATE ON "ShelfItem"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItemPost_inserted" AFTER INSERT ON "ShelfItemPost" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItemPost_updated" AFTER UPDATE ON "ShelfItemPost" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItemPost_deleted" AFTER DELETE ON "ShelfItemPost" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
CREATE TRIGGER "ShelfItemPost_truncated" AFTER TRUNCATE ON "ShelfItemPost"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_shelf_changed"();
