-- AlterTable
ALTER TABLE "PendingUpload" ADD COLUMN     "lastModified" BIGINT,
ADD COLUMN     "multipartId" TEXT,
ADD COLUMN     "name" TEXT,
ADD COLUMN     "partSize" INTEGER,
ADD COLUMN     "touchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "PendingUpload_touchedAt_idx" ON "PendingUpload"("touchedAt");
