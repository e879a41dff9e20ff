-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "renditionId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "Image_renditionId_key" ON "Image"("renditionId");
