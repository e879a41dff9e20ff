-- AlterEnum
ALTER TYPE "TokenPurpose" ADD VALUE 'CHANGE_EMAIL';

-- AlterTable
ALTER TABLE "UserSession" ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "mailboxProven" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "network" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "publicId" UUID NOT NULL DEFAULT gen_random_uuid(),
ADD COLUMN     "userAgent" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "EmailToken" ADD COLUMN     "newEmail" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "UserSession_publicId_key" ON "UserSession"("publicId");
