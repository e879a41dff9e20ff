-- AlterEnum
ALTER TYPE "ChallengePurpose" ADD VALUE 'PROOF';

-- AlterTable
ALTER TABLE "WebAuthnChallenge" ADD COLUMN     "sessionId" TEXT;

-- AddForeignKey
ALTER TABLE "WebAuthnChallenge" ADD CONSTRAINT "WebAuthnChallenge_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "UserSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
