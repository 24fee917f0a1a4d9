-- AlterEnum
ALTER TYPE "SubscriberStatus" ADD VALUE 'bounced';

-- AlterTable
ALTER TABLE "PostDelivery" ADD COLUMN     "messageId" UUID;

-- DropIndex
DROP INDEX "OutboxMessage_state_runAfter_idx";

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "bulk" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "OutboxMessage_state_bulk_runAfter_createdAt_idx" ON "OutboxMessage"("state", "bulk", "runAfter", "createdAt");
