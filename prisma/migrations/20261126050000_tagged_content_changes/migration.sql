-- A change to posts or images now says which rows it touched, so the servers' caches forget only
-- the answers that show them (docs/decisions/032-writes-cool-what-they-change.md; the rule that
-- turns rows into the answers they touch is server/cache/post-changes.ts). The notification's
-- payload is JSON; a statement that cannot be described in one notification (more than 40 rows,
-- or past PostgreSQL's 8000-byte payload limit) sends the bare table name, which every server
-- reads as "everything changed", as before. Drafts stay silent (decision 024).

-- One post's facts, as the caches need them: [status, category, slug, publication time in ms].
CREATE FUNCTION "blog_post_facts"(status "PostStatus", category "Category", slug TEXT, published TIMESTAMPTZ)
RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(status, category, slug, (extract(epoch FROM published) * 1000)::bigint)
$$;

-- Sends a description, or the table's name when it is too long to be one notification.
CREATE FUNCTION "blog_notify_described"(kind TEXT, described JSONB, too_many BOOLEAN) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  payload TEXT := described::text;
BEGIN
  IF too_many OR octet_length(payload) > 7900 THEN
    payload := kind;
  END IF;
  PERFORM pg_notify('blog_content_changed', payload);
END;
$$;

CREATE OR REPLACE FUNCTION "blog_post_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  items JSONB;
BEGIN
  -- Nested: a statement names a transition table only in the trigger that has it. At most 41 rows
  -- are described: more than 40 are reported as the table, not itemized.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(item) INTO items FROM (
      SELECT jsonb_build_object('id', n."id", 'o', NULL,
          'n', "blog_post_facts"(n."status", n."category", n."slug", n."publishedAt"), 'w', true) AS item
        FROM "new_rows" n WHERE n."status" <> 'DRAFT' LIMIT 41) AS described;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(item) INTO items FROM (
      SELECT jsonb_build_object('id', o."id", 'n', NULL,
          'o', "blog_post_facts"(o."status", o."category", o."slug", o."publishedAt"), 'w', true) AS item
        FROM "old_rows" o WHERE o."status" <> 'DRAFT' LIMIT 41) AS described;
  ELSE
    SELECT jsonb_agg(item) INTO items FROM (
      SELECT jsonb_build_object('id', coalesce(n."id", o."id"),
          'o', CASE WHEN o."id" IS NOT NULL THEN "blog_post_facts"(o."status", o."category", o."slug", o."publishedAt") END,
          'n', CASE WHEN n."id" IS NOT NULL THEN "blog_post_facts"(n."status", n."category", n."slug", n."publishedAt") END,
          'w', o."id" IS NULL OR n."id" IS NULL OR o."title" IS DISTINCT FROM n."title"
            OR o."subtitle" IS DISTINCT FROM n."subtitle" OR o."content" IS DISTINCT FROM n."content") AS item
        FROM "old_rows" o FULL JOIN "new_rows" n ON n."id" = o."id"
        WHERE coalesce(o."status" <> 'DRAFT', false) OR coalesce(n."status" <> 'DRAFT', false)
        LIMIT 41) AS described;
  END IF;
  IF items IS NOT NULL THEN
    PERFORM "blog_notify_described"(TG_TABLE_NAME, jsonb_build_object('t', 'Post', 'r', items),
      jsonb_array_length(items) > 40);
  END IF;
  RETURN NULL;
END;
$$;

-- An image is shown by the posts and cards that name it. One written with its post or card (an
-- upload, a new cover) is named by no row yet, and one deleted with them is named by none any more:
-- their post's or card's own change says what changed, and the image's statement stays silent. One
-- changed in place (psql) touches what shows it.
CREATE FUNCTION "blog_image_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids UUID[];
  posts JSONB;
  cards BOOLEAN;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg("id") INTO ids FROM "old_rows";
  ELSE
    SELECT array_agg("id") INTO ids FROM "new_rows";
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg("id") || ids INTO ids FROM "old_rows";
  END IF;
  SELECT jsonb_agg(DISTINCT "id") INTO posts FROM (
    (SELECT "id" FROM "Post" WHERE "imageId" = ANY(ids) AND "status" <> 'DRAFT' LIMIT 41)
    UNION ALL
    (SELECT "p"."id" FROM "PostPicture" "pp" JOIN "Post" "p" ON "p"."id" = "pp"."postId"
      WHERE "pp"."imageId" = ANY(ids) AND "p"."status" <> 'DRAFT' LIMIT 41)) AS "showing";
  cards := EXISTS (SELECT 1 FROM "UpcomingCard" WHERE "imageId" = ANY(ids));
  IF posts IS NOT NULL OR cards THEN
    PERFORM "blog_notify_described"(TG_TABLE_NAME,
      jsonb_build_object('t', 'Image', 'p', coalesce(posts, '[]'::jsonb), 'c', cards),
      jsonb_array_length(coalesce(posts, '[]'::jsonb)) > 40);
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER "Image_content_changed" ON "Image";
CREATE TRIGGER "Image_inserted" AFTER INSERT ON "Image" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_image_content_changed"();
CREATE TRIGGER "Image_updated" AFTER UPDATE ON "Image" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_image_content_changed"();
CREATE TRIGGER "Image_deleted" AFTER DELETE ON "Image" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_image_content_changed"();
CREATE TRIGGER "Image_truncated" AFTER TRUNCATE ON "Image"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
