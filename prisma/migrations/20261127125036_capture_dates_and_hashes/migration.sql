-- CreateEnum
CREATE TYPE "ImageOrder" AS ENUM ('MANUAL', 'TAKEN');

-- AlterTable
ALTER TABLE "PhotoAlbum" ADD COLUMN     "imageOrder" "ImageOrder" NOT NULL DEFAULT 'MANUAL';

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "contentHash" TEXT,
ADD COLUMN     "takenAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Image_albumId_contentHash_idx" ON "Image"("albumId", "contentHash");
