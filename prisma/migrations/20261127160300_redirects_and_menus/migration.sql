-- CreateTable
CREATE TABLE "Redirect" (
    "id" UUID NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "permanent" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Redirect_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Menu" (
    "name" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Menu_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "Redirect_from_key" ON "Redirect"("from");

-- Every server keeps the redirects in memory (server/modules/redirects/redirect.service.ts): a change,
-- whoever makes it, is announced with a payload that touches only what reads redirects (tag
-- `redirects`, server/cache/post-changes.ts), not every cached page.
CREATE FUNCTION "blog_redirect_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('blog_content_changed', '{"t":"Redirect"}');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Redirect_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Redirect"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_redirect_changed"();

-- Every page shows the header and footer menus: the bare table name, which every server reads as
-- "everything changed".
CREATE TRIGGER "Menu_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Menu"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
