-- CreateTable
CREATE TABLE "ImportedItem" (
    "source" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "targetId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportedItem_pkey" PRIMARY KEY ("source","kind","sourceId")
);
