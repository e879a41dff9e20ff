-- AlterTable
ALTER TABLE "Image" ALTER COLUMN "thumbnailId" DROP NOT NULL;
