-- An upload stores its largest variant at once and queues the others (issue 37): one job per image,
-- dropped with it, claimed by one worker at a time (server/modules/media/image-encoding.ts).

-- CreateEnum
CREATE TYPE "ImageEncodingState" AS ENUM ('queued', 'failed');

-- CreateTable
CREATE TABLE "ImageEncodingJob" (
    "storageKey" TEXT NOT NULL,
    "state" "ImageEncodingState" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "worker" TEXT,
    "claimedAt" TIMESTAMPTZ(3),
    "runAfter" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImageEncodingJob_pkey" PRIMARY KEY ("storageKey")
);

-- CreateIndex
CREATE INDEX "ImageEncodingJob_state_runAfter_idx" ON "ImageEncodingJob"("state", "runAfter");

-- AddForeignKey
ALTER TABLE "ImageEncodingJob" ADD CONSTRAINT "ImageEncodingJob_storageKey_fkey" FOREIGN KEY ("storageKey") REFERENCES "Image"("storageKey") ON DELETE CASCADE ON UPDATE CASCADE;
