-- DropIndex
DROP INDEX "FileNode_ownerId_parentId_idx";

-- CreateIndex
CREATE INDEX "FileNode_ownerId_parentId_isDirectory_name_id_idx" ON "FileNode"("ownerId", "parentId", "isDirectory", "name", "id");
