-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "trashedRank" INTEGER;
