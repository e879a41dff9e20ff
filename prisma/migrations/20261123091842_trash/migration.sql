-- AlterTable
ALTER TABLE "PhotoAlbum" ADD COLUMN     "trashedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "trashedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "FileNode" ADD COLUMN     "trashedAt" TIMESTAMP(3),
ADD COLUMN     "trashedFromId" UUID;

-- CreateIndex
CREATE INDEX "PhotoAlbum_trashedAt_idx" ON "PhotoAlbum"("trashedAt");

-- CreateIndex
CREATE INDEX "Image_trashedAt_idx" ON "Image"("trashedAt");

-- CreateIndex
CREATE INDEX "FileNode_trashedAt_idx" ON "FileNode"("trashedAt");
