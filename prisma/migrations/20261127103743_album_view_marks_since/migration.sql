-- AlterTable
ALTER TABLE "AlbumView" ADD COLUMN     "marksSince" TIMESTAMP(3);
