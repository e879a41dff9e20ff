-- AlterTable
ALTER TABLE "User" ADD COLUMN     "lastSeenAt" TIMESTAMP(3);

-- Members keep the last seen their live sessions told before this column held it (admins' maintenance sessions
-- are not the member's own use).
UPDATE "User" u SET "lastSeenAt" = s.seen
FROM (SELECT "userId", max("lastSeenAt") AS seen FROM "UserSession" WHERE "adminId" IS NULL GROUP BY "userId") s
WHERE u.id = s."userId";
