-- AlterEnum
ALTER TYPE "SubscriberStatus" ADD VALUE 'bounced';

-- AlterTable
ALTER TABLE "PostDelivery" ADD COLUMN     "messageId" UUID;
