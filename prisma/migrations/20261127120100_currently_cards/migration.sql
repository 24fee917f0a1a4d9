-- DropIndex
DROP INDEX "UpcomingCard_createdAt_idx";

-- AlterTable
ALTER TABLE "UpcomingCard" ADD COLUMN     "imageAlt" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "link" TEXT,
ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- Existing cards keep the carousel's order as it was (newest first), numbered from 0; their alt
-- text is empty, which says their picture is decorative (the card's words say what it is).
UPDATE "UpcomingCard" AS card SET "position" = ordered.rank
FROM (
  SELECT "id", (ROW_NUMBER() OVER (ORDER BY "createdAt" DESC, "id" DESC) - 1)::INTEGER AS rank FROM "UpcomingCard"
) AS ordered
WHERE card."id" = ordered."id";

-- CreateIndex
CREATE INDEX "UpcomingCard_position_createdAt_idx" ON "UpcomingCard"("position", "createdAt" DESC);
