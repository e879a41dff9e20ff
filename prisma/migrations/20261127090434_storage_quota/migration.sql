-- AlterTable
ALTER TABLE "User" ADD COLUMN     "storageQuota" BIGINT,
ADD COLUMN     "storageUsed" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "renditionSize" INTEGER,
ADD COLUMN     "thumbnailSize" INTEGER;

-- What each user already holds. Thumbnails and renditions stored before their sizes were kept count as 0.
UPDATE "User" u SET "storageUsed" =
    COALESCE((SELECT sum(f."size") FROM "FileNode" f WHERE f."ownerId" = u.id AND NOT f."isDirectory"), 0)
  + COALESCE((SELECT sum(COALESCE(i."size", 0)) FROM "Image" i JOIN "PhotoAlbum" a ON a.id = i."albumId"
              WHERE a."ownerId" = u.id), 0)
  + COALESCE((SELECT sum(p."size") FROM "PendingUpload" p WHERE p."ownerId" = u.id), 0);
