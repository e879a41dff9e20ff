-- CreateEnum
CREATE TYPE "ShareRole" AS ENUM ('VIEWER', 'CONTRIBUTOR');

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "addedById" UUID;

-- AlterTable
ALTER TABLE "AlbumShare" ADD COLUMN     "role" "ShareRole" NOT NULL DEFAULT 'VIEWER';

-- AddForeignKey
ALTER TABLE "Image" ADD CONSTRAINT "Image_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
