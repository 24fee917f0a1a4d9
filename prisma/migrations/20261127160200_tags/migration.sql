-- CreateTable
CREATE TABLE "Tag" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostTag" (
    "postId" UUID NOT NULL,
    "tagId" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PostTag_pkey" PRIMARY KEY ("postId","tagId")
);

-- CreateTable
CREATE TABLE "TagSlugRedirect" (
    "slug" TEXT NOT NULL,
    "tagId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TagSlugRedirect_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tag_slug_key" ON "Tag"("slug");

-- CreateIndex
CREATE INDEX "PostTag_tagId_idx" ON "PostTag"("tagId");

-- CreateIndex
CREATE INDEX "TagSlugRedirect_tagId_idx" ON "TagSlugRedirect"("tagId");

-- AddForeignKey
ALTER TABLE "PostTag" ADD CONSTRAINT "PostTag_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostTag" ADD CONSTRAINT "PostTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TagSlugRedirect" ADD CONSTRAINT "TagSlugRedirect_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What a tag's rows change for readers (server/cache/post-changes.ts, tagChange and changeFromNotice):
-- a post's tags: that post's page and the lists of the tags it gained or lost,
-- {"t":"PostTag","r":[[postId, tagSlug], ...]}; drafts stay silent (decision 024), and a row whose
-- post or tag goes in the same statement is told by that post's or tag's own notice. A new tag: what
-- its address answers, {"t":"Tag","s":[slug, ...]}. A tag renamed, merged or deleted, and any former
-- address, sends the bare table name: every server forgets everything (rare, and the author's own act).
CREATE FUNCTION "blog_tag_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pairs JSONB;
  items JSONB;
BEGIN
  IF TG_TABLE_NAME = 'Tag' THEN
    -- New tags (the only statement on "Tag" described): their addresses. At most 41 are
    -- described: more than 40 are reported as the table, not itemized.
    SELECT jsonb_agg("slug") INTO items FROM (SELECT "slug" FROM "new_rows" LIMIT 41) AS described;
    IF items IS NOT NULL THEN
      PERFORM "blog_notify_described"(TG_TABLE_NAME, jsonb_build_object('t', 'Tag', 's', items),
        jsonb_array_length(items) > 40);
    END IF;
    RETURN NULL;
  END IF;
  -- The rows the statement wrote, as [{postId, tagId}]: a statement names a transition table only in
  -- the trigger that has it.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('postId', "postId", 'tagId', "tagId")) INTO pairs FROM "new_rows";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('postId', "postId", 'tagId', "tagId")) INTO pairs FROM "old_rows";
  ELSE
    SELECT jsonb_agg(jsonb_build_object('postId', "postId", 'tagId', "tagId")) INTO pairs
      FROM (SELECT "postId", "tagId" FROM "old_rows" UNION SELECT "postId", "tagId" FROM "new_rows") AS "both";
  END IF;
  SELECT jsonb_agg(item) INTO items FROM (
    SELECT jsonb_build_array(r."postId", t."slug") AS item
      FROM jsonb_to_recordset(coalesce(pairs, '[]'::jsonb)) AS r("postId" UUID, "tagId" UUID)
      JOIN "Tag" t ON t."id" = r."tagId" JOIN "Post" p ON p."id" = r."postId"
      WHERE p."status" <> 'DRAFT' LIMIT 41) AS described;
  IF items IS NOT NULL THEN
    PERFORM "blog_notify_described"(TG_TABLE_NAME, jsonb_build_object('t', 'PostTag', 'r', items),
      jsonb_array_length(items) > 40);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "PostTag_inserted" AFTER INSERT ON "PostTag" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_tag_content_changed"();
CREATE TRIGGER "PostTag_updated" AFTER UPDATE ON "PostTag" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_tag_content_changed"();
CREATE TRIGGER "PostTag_deleted" AFTER DELETE ON "PostTag" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_tag_content_changed"();
CREATE TRIGGER "PostTag_truncated" AFTER TRUNCATE ON "PostTag"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
CREATE TRIGGER "Tag_inserted" AFTER INSERT ON "Tag" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_tag_content_changed"();
CREATE TRIGGER "Tag_content_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "Tag"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
CREATE TRIGGER "TagSlugRedirect_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "TagSlugRedirect"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
