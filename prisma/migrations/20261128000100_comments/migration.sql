-- CreateEnum
CREATE TYPE "CommentStatus" AS ENUM ('held', 'approved', 'rejected', 'spam');

-- CreateEnum
CREATE TYPE "OutboxState" AS ENUM ('pending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "commentsClosed" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Comment" (
    "id" UUID NOT NULL,
    "postId" UUID NOT NULL,
    "parentId" UUID,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "website" TEXT,
    "text" TEXT NOT NULL,
    "status" "CommentStatus" NOT NULL DEFAULT 'held',
    "isAuthor" BOOLEAN NOT NULL DEFAULT false,
    "notifyReplies" BOOLEAN NOT NULL DEFAULT false,
    "clientAddress" TEXT NOT NULL DEFAULT '',
    "fingerprint" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommentSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "blockedWords" TEXT NOT NULL DEFAULT '',
    "blockedAddresses" TEXT NOT NULL DEFAULT '',
    "approveKnown" BOOLEAN NOT NULL DEFAULT false,
    "signingKey" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CommentSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "state" "OutboxState" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "runAfter" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "worker" TEXT,
    "leaseUntil" TIMESTAMPTZ(3),
    "sentAt" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Comment_postId_status_createdAt_idx" ON "Comment"("postId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_status_createdAt_idx" ON "Comment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_email_createdAt_idx" ON "Comment"("email", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_clientAddress_createdAt_idx" ON "Comment"("clientAddress", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_parentId_idx" ON "Comment"("parentId");

-- CreateIndex
CREATE INDEX "OutboxMessage_state_runAfter_idx" ON "OutboxMessage"("state", "runAfter");

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row of settings, with the key that signs the comment form's tokens and the e-mailed links
-- (random, made here so every server on the database shares it and a restart keeps it).
ALTER TABLE "CommentSettings" ADD CONSTRAINT "CommentSettings_one_row" CHECK ("id" = 1);
INSERT INTO "CommentSettings" ("id", "signingKey", "updatedAt")
  VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), CURRENT_TIMESTAMP);

-- A comment is public only while approved: a statement that made one approved or took one away
-- (a moderation, a delete, a post's delete) names the posts whose comments readers see changed
-- (tag `comments:{postId}`, server/cache/post-changes.ts); a held comment arriving is silent.
CREATE FUNCTION "blog_comment_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  posts JSONB;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(DISTINCT "postId") INTO posts FROM "new_rows" WHERE "status" = 'approved';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(DISTINCT "postId") INTO posts FROM "old_rows" WHERE "status" = 'approved';
  ELSE
    SELECT jsonb_agg(DISTINCT coalesce(n."postId", o."postId")) INTO posts
      FROM "old_rows" o FULL JOIN "new_rows" n ON n."id" = o."id"
      WHERE o."status" = 'approved' OR n."status" = 'approved';
  END IF;
  IF posts IS NOT NULL THEN
    PERFORM "blog_notify_described"(TG_TABLE_NAME, jsonb_build_object('t', 'Comment', 'p', posts),
      jsonb_array_length(posts) > 40);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Comment_inserted" AFTER INSERT ON "Comment" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_comment_content_changed"();
CREATE TRIGGER "Comment_updated" AFTER UPDATE ON "Comment" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_comment_content_changed"();
CREATE TRIGGER "Comment_deleted" AFTER DELETE ON "Comment" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_comment_content_changed"();
CREATE TRIGGER "Comment_truncated" AFTER TRUNCATE ON "Comment"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();

-- The settings show on every post page (the form, or that comments are off): everything.
CREATE TRIGGER "CommentSettings_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "CommentSettings"
  FOR EACH STATEMENT EXECUTE FUNCTION "blog_content_changed"();
