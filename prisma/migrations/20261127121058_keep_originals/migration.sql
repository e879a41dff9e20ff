-- AlterTable
ALTER TABLE "PhotoAlbum" ADD COLUMN     "allowOriginals" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "originalId" UUID,
ADD COLUMN     "originalName" TEXT,
ADD COLUMN     "originalSize" BIGINT,
ADD COLUMN     "originalType" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Image_originalId_key" ON "Image"("originalId");
