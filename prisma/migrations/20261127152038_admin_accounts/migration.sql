-- AlterTable
ALTER TABLE "User" ADD COLUMN     "disabledAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "MaintenanceEntry" ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'POST',
ADD COLUMN     "path" TEXT NOT NULL DEFAULT '/api/admin/maintenance-mode',
ADD COLUMN     "status" INTEGER;

-- CreateIndex
CREATE INDEX "MaintenanceEntry_createdAt_id_idx" ON "MaintenanceEntry"("createdAt", "id");
