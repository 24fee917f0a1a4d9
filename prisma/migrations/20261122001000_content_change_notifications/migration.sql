-- Every committed change to what visitors read (posts, "Currently" cards, images, the author) is announced
-- on the channel blog_content_changed, whoever made it: this server, another instance on the same
-- database, the import script or a hand-written statement. The servers' read caches listen and
-- empty themselves (docs/decisions/015-cached-public-reads.md). NOTIFY is transactional: it is sent
-- at commit, once per transaction and payload, and never for a rolled-back change.
CREATE FUNCTION "blog_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('blog_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Post_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Post"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
CREATE TRIGGER "UpcomingCard_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "UpcomingCard"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
CREATE TRIGGER "Image_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Image"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
-- The author's name is on every post page, feed and in the site's structured data.
CREATE TRIGGER "User_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
