-- An edit says which of the words related posts are ranked by it changed, so the servers cool only
-- the post endings whose ranking could move (docs/decisions/054-related-posts-cooled-by-their-words.md;
-- the rule is server/cache/post-changes.ts). Related posts are ranked by the title (A) and subtitle
-- (B) entries of the candidates' search vectors alone (server/modules/post/post-neighbours.ts):
-- what a candidate ranks for a page depends only on the weights, in position order, of the page's
-- title and subtitle words among those entries.

-- The lexemes of a post's title and subtitle entries (as the search column makes them): the words
-- by which a post that enters a category's window can rank for another post at all.
CREATE FUNCTION "blog_rank_words"(title TEXT, subtitle TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
  SELECT tsvector_to_array(to_tsvector('english'::regconfig, coalesce(title, ''))
    || to_tsvector('english'::regconfig, coalesce(subtitle, '')))
$$;

-- The lexemes whose title-and-subtitle entries differ between two versions of a post (an empty
-- array: an edit of the text alone, which ranks nobody anew). Used by the trigger below and by the
-- post service for its own writes: one rule.
CREATE FUNCTION "blog_rank_words_changed"(old_title TEXT, old_subtitle TEXT, new_title TEXT, new_subtitle TEXT)
RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
  WITH "before" AS (
    SELECT "lexeme", "weights" FROM unnest(
      setweight(to_tsvector('english'::regconfig, coalesce(old_title, '')), 'A')
        || setweight(to_tsvector('english'::regconfig, coalesce(old_subtitle, '')), 'B'))
  ), "after" AS (
    SELECT "lexeme", "weights" FROM unnest(
      setweight(to_tsvector('english'::regconfig, coalesce(new_title, '')), 'A')
        || setweight(to_tsvector('english'::regconfig, coalesce(new_subtitle, '')), 'B'))
  ), "changed" AS (
    (SELECT * FROM "before" EXCEPT SELECT * FROM "after")
    UNION
    (SELECT * FROM "after" EXCEPT SELECT * FROM "before")
  )
  SELECT coalesce(array_agg(DISTINCT "lexeme" ORDER BY "lexeme"), '{}') FROM "changed"
$$;

-- A notice's 'e': the words of a row that readers see, at most 32 of them (null: any word).
CREATE FUNCTION "blog_entry_words"(status "PostStatus", title TEXT, subtitle TEXT) RETURNS JSONB
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'PUBLISHED' AND cardinality("words") <= 32 THEN to_jsonb("words") END
  FROM "blog_rank_words"(title, subtitle) AS "words"
$$;

-- As in migration 20261126050000_tagged_content_changes, and each updated row also says 'k': the
-- lexemes of blog_rank_words_changed, or null when more than 32 (any word, as before); and each
-- inserted or updated row that is public says 'e', its blog_rank_words (null past 32). A statement
-- whose description would pass the payload's limit with them is described without them (any word)
-- rather than reported as the bare table (everything).
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
          'n', "blog_post_facts"(n."status", n."category", n."slug", n."publishedAt"), 'w', true,
          'e', "blog_entry_words"(n."status", n."title", n."subtitle")) AS item
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
            OR o."subtitle" IS DISTINCT FROM n."subtitle" OR o."content" IS DISTINCT FROM n."content",
          'k', CASE WHEN o."id" IS NOT NULL AND n."id" IS NOT NULL THEN (
            SELECT CASE WHEN cardinality("words") <= 32 THEN to_jsonb("words") END
            FROM "blog_rank_words_changed"(o."title", o."subtitle", n."title", n."subtitle") AS "words") END,
          'e', CASE WHEN n."id" IS NOT NULL THEN "blog_entry_words"(n."status", n."title", n."subtitle") END) AS item
        FROM "old_rows" o FULL JOIN "new_rows" n ON n."id" = o."id"
        WHERE coalesce(o."status" <> 'DRAFT', false) OR coalesce(n."status" <> 'DRAFT', false)
        LIMIT 41) AS described;
  END IF;
  IF items IS NOT NULL AND octet_length(items::text) > 7800 THEN
    SELECT jsonb_agg(item - 'k' - 'e') INTO items FROM jsonb_array_elements(items) AS item;
  END IF;
  IF items IS NOT NULL THEN
    PERFORM "blog_notify_described"(TG_TABLE_NAME, jsonb_build_object('t', 'Post', 'r', items),
      jsonb_array_length(items) > 40);
  END IF;
  RETURN NULL;
END;
$$;
