-- AlterEnum
ALTER TYPE "SubscriberStatus" ADD VALUE 'bounced';

-- AlterTable
ALTER TABLE "PostDelivery" ADD COLUMN     "messageId" UUID;

-- DropIndex
DROP INDEX "OutboxMessage_state_runAfter_idx";

-- CreateIndex
CREATE INDEX "OutboxMessage_state_runAfter_createdAt_idx" ON "OutboxMessage"("state", "runAfter", "createdAt");
