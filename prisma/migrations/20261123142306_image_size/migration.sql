-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "size" INTEGER;
