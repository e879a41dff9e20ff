-- CreateIndex
CREATE INDEX "Image_albumId_takenAt_createdAt_id_idx" ON "Image"("albumId", "takenAt", "createdAt", "id");
