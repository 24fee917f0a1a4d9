-- CreateTable
CREATE TABLE "PostPicture" (
    "postId" UUID NOT NULL,
    "imageId" UUID NOT NULL,

    CONSTRAINT "PostPicture_pkey" PRIMARY KEY ("postId","imageId")
);

-- CreateIndex
CREATE INDEX "PostPicture_imageId_idx" ON "PostPicture"("imageId");

-- AddForeignKey
ALTER TABLE "PostPicture" ADD CONSTRAINT "PostPicture_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostPicture" ADD CONSTRAINT "PostPicture_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
