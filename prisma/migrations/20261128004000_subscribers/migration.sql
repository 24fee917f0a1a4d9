-- CreateEnum
CREATE TYPE "SubscriberStatus" AS ENUM ('pending', 'confirmed', 'unsubscribed');

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "html" TEXT;

-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "emailedAt" TIMESTAMPTZ(3),
ADD COLUMN     "sendByEmail" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "Subscriber" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "status" "SubscriberStatus" NOT NULL DEFAULT 'pending',
    "tokenHash" TEXT,
    "tokenExpiresAt" TIMESTAMPTZ(3),
    "consentSource" TEXT NOT NULL,
    "unsubscribeKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" TIMESTAMPTZ(3),
    "unsubscribedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Subscriber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubscribeAttempt" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "clientAddress" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SubscribeAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostDelivery" (
    "postId" UUID NOT NULL,
    "subscriberId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PostDelivery_pkey" PRIMARY KEY ("postId","subscriberId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_email_key" ON "Subscriber"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_tokenHash_key" ON "Subscriber"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_unsubscribeKey_key" ON "Subscriber"("unsubscribeKey");

-- CreateIndex
CREATE INDEX "Subscriber_status_idx" ON "Subscriber"("status");

-- CreateIndex
CREATE INDEX "SubscribeAttempt_email_createdAt_idx" ON "SubscribeAttempt"("email", "createdAt");

-- CreateIndex
CREATE INDEX "SubscribeAttempt_clientAddress_createdAt_idx" ON "SubscribeAttempt"("clientAddress", "createdAt");

-- CreateIndex
CREATE INDEX "PostDelivery_subscriberId_idx" ON "PostDelivery"("subscriberId");

-- AddForeignKey
ALTER TABLE "PostDelivery" ADD CONSTRAINT "PostDelivery_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostDelivery" ADD CONSTRAINT "PostDelivery_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "Subscriber"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: one row an address, in lower case (the service lowers it; the database holds it).
ALTER TABLE "Subscriber" ADD CONSTRAINT "Subscriber_email_lower" CHECK ("email" = lower("email"));

-- Posts public before subscriptions existed are never e-mailed (an unpublish and publish again included).
UPDATE "Post" SET "emailedAt" = "publishedAt" WHERE "status" = 'PUBLISHED';
