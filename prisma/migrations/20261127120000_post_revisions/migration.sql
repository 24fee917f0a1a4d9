-- CreateTable
CREATE TABLE "PostRevision" (
    "id" UUID NOT NULL,
    "postId" UUID NOT NULL,
    "sequence" SERIAL NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "status" "PostStatus" NOT NULL,
    "isPublish" BOOLEAN NOT NULL DEFAULT false,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "category" "Category",
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "imageId" UUID,
    "imageAlt" TEXT NOT NULL,

    CONSTRAINT "PostRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PostRevision_postId_sequence_idx" ON "PostRevision"("postId", "sequence" DESC);

-- CreateIndex
CREATE INDEX "PostRevision_imageId_idx" ON "PostRevision"("imageId");

-- AddForeignKey
ALTER TABLE "PostRevision" ADD CONSTRAINT "PostRevision_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostRevision" ADD CONSTRAINT "PostRevision_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The posts written before revisions were kept start with one: what they are now.
INSERT INTO "PostRevision" ("id", "postId", "createdAt", "status", "title", "subtitle", "content", "category", "slug", "description", "imageId", "imageAlt")
SELECT gen_random_uuid(), "id", "updatedAt", "status", "title", "subtitle", "content", "category", "slug", "description", "imageId", "imageAlt"
FROM "Post" ORDER BY "updatedAt", "id";
