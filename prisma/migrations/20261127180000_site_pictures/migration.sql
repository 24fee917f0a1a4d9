-- AlterTable
ALTER TABLE "SiteSetting" ADD COLUMN     "avatarId" UUID,
ADD COLUMN     "bannerId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "SiteSetting_avatarId_key" ON "SiteSetting"("avatarId");

-- CreateIndex
CREATE UNIQUE INDEX "SiteSetting_bannerId_key" ON "SiteSetting"("bannerId");

-- AddForeignKey
ALTER TABLE "SiteSetting" ADD CONSTRAINT "SiteSetting_avatarId_fkey" FOREIGN KEY ("avatarId") REFERENCES "Image"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteSetting" ADD CONSTRAINT "SiteSetting_bannerId_fkey" FOREIGN KEY ("bannerId") REFERENCES "Image"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
