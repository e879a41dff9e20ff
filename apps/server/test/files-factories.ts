import type { FileNode } from '@site/contract';
import { signedUpVisitor } from './factories.ts';
import type { TestSite, Visitor } from './support.ts';

/** A signed-up member holding the `files` permission (granted straight in the database). */
export async function filesMember(site: TestSite) {
  const member = await signedUpVisitor(site);
  await site.deps.db.permissionGrant.createMany({
    data: [{ userId: member.user.userId, permission: 'files' }],
    skipDuplicates: true,
  });
  return member;
}

/** Creates a folder through the API and answers it. */
export async function createFolder(
  visitor: Visitor,
  name: string,
  parentId: string | null = null,
): Promise<FileNode> {
  const res = await visitor.post('/api/files/create-directory', { name, parentId });
  if (res.status !== 200)
    throw new Error(`create-directory answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as FileNode;
}

/** Reserves an upload and PUTs `bytes` to its signed URL, as a browser would; answers the upload id. */
export async function putUpload(visitor: Visitor, bytes: Buffer, announced = bytes.length) {
  const created = await visitor.post('/api/files/create-upload', { size: announced }).expect(200);
  const uploadId = created.body.contents as string;
  const { url } = (await visitor.get(`/api/files/signed-url/${uploadId}`).expect(200)).body as {
    url: string;
  };
  const put = await visitor.agent.put(url).set('Content-Type', 'application/octet-stream').send(bytes);
  return { uploadId, url, putStatus: put.status };
}

/** The whole upload round trip: reserve, PUT the bytes, create the file under `parentId`. */
export async function uploadFile(
  visitor: Visitor,
  {
    name,
    bytes,
    parentId = null,
    mimeType = 'text/plain',
  }: { name: string; bytes: Buffer; parentId?: string | null; mimeType?: string },
): Promise<FileNode> {
  const { uploadId, putStatus } = await putUpload(visitor, bytes);
  if (putStatus !== 204) throw new Error(`the PUT of ${name} answered ${putStatus}`);
  const res = await visitor.post('/api/files/create-file', {
    name,
    mimeType,
    size: bytes.length,
    parentId,
    uploadId,
  });
  if (res.status !== 200) throw new Error(`create-file answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as FileNode;
}

/** Every node of `userId` straight from the database, with sizes as numbers. */
export async function allNodes(site: TestSite, userId: string) {
  const rows = await site.deps.db.fileNode.findMany({ where: { ownerId: userId, trashedAt: null } });
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}
