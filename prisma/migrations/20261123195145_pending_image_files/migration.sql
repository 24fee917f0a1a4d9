-- CreateEnum
CREATE TYPE "ImageFilesState" AS ENUM ('writing', 'removing');

-- CreateTable
CREATE TABLE "PendingImageFiles" (
    "storageKey" TEXT NOT NULL,
    "variantWidths" INTEGER[],
    "state" "ImageFilesState" NOT NULL,
    "writer" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingImageFiles_pkey" PRIMARY KEY ("storageKey")
);
