-- The site's own settings, one row, and the first-run setup's code (issue 34): the author names the
-- site and claims the admin account from the browser on the first visit to /admin.
CREATE TABLE "SiteSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "title" TEXT,
    "authorName" TEXT,
    "setupCodeHash" BYTEA,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SiteSetting_pkey" PRIMARY KEY ("id"),
    -- One row: the settings of the one site this database holds.
    CONSTRAINT "SiteSetting_one_row" CHECK ("id" = 1)
);

-- Every page shows the site's name: a change is announced as the bare table name, which every
-- server reads as "everything changed" (server/cache/post-changes.ts, changeFromNotice).
CREATE FUNCTION "blog_site_setting_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('blog_content_changed', 'SiteSetting');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "SiteSetting_content_changed"
AFTER INSERT OR UPDATE OR DELETE ON "SiteSetting"
FOR EACH STATEMENT EXECUTE FUNCTION "blog_site_setting_changed"();
