-- CreateEnum
CREATE TYPE "SignInPurpose" AS ENUM ('INVITATION', 'SIGN_IN');

-- AlterTable
ALTER TABLE "User" ALTER COLUMN "passwordHash" DROP NOT NULL;

-- CreateTable
CREATE TABLE "SignInLink" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "purpose" "SignInPurpose" NOT NULL,
    "email" TEXT NOT NULL,
    "albumId" UUID,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SignInLink_tokenHash_key" ON "SignInLink"("tokenHash");

-- CreateIndex
CREATE INDEX "SignInLink_email_idx" ON "SignInLink"("email");

-- CreateIndex
CREATE INDEX "SignInLink_expiresAt_idx" ON "SignInLink"("expiresAt");
