-- CreateTable
CREATE TABLE "NoticeDigest" (
    "recipientId" UUID NOT NULL,
    "albumId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "pending" JSONB NOT NULL DEFAULT '{}',
    "imageId" UUID,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "lastSentAt" TIMESTAMP(3),
    "jobId" UUID,

    CONSTRAINT "NoticeDigest_pkey" PRIMARY KEY ("recipientId","albumId","type")
);

-- CreateIndex
CREATE INDEX "NoticeDigest_albumId_idx" ON "NoticeDigest"("albumId");

-- AddForeignKey
ALTER TABLE "NoticeDigest" ADD CONSTRAINT "NoticeDigest_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoticeDigest" ADD CONSTRAINT "NoticeDigest_albumId_fkey" FOREIGN KEY ("albumId") REFERENCES "PhotoAlbum"("id") ON DELETE CASCADE ON UPDATE CASCADE;
