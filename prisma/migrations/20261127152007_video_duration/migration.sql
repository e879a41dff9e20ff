-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "durationMs" INTEGER;
