-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "trashedAfterId" UUID,
ADD COLUMN     "trashedBeforeId" UUID;
