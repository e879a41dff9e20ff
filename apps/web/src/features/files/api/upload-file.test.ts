import { describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { uploadFile, type UploadDeps } from './upload-file.ts';

const uploadId = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';
const folderId = '6a1b2c3d-8d1b-4c8e-9a57-1f2d3c4b5a69';

/** Fakes the API and fetch, recording every call in order. */
function fakes(overrides: { putStatus?: number; createFileStatus?: number } = {}) {
  const calls: unknown[] = [];
  const node: FileNode = { nodeId: uploadId, parentId: folderId, name: 'a.txt', size: 3, isDirectory: false };
  const deps = {
    files: {
      createUpload: (args: unknown) => (
        calls.push(['createUpload', args]),
        Promise.resolve({ status: 200, body: { tag: 'SinglePart', contents: uploadId } })
      ),
      uploadUrl: (args: unknown) => (
        calls.push(['uploadUrl', args]),
        Promise.resolve({ status: 200, body: { url: '/blobs/x?sig=1' } })
      ),
      createFile: (args: unknown) => {
        calls.push(['createFile', args]);
        const status = overrides.createFileStatus ?? 200;
        return Promise.resolve(
          status === 200
            ? { status, body: node }
            : { status, body: { error: { code: 'conflict', message: 'Name taken' } } },
        );
      },
    },
    fetch: (url: string, init: RequestInit) => {
      calls.push(['PUT', url, init.method, (init.headers as Record<string, string>)['Content-Type']]);
      const status = overrides.putStatus ?? 204;
      return Promise.resolve(
        new Response(
          status === 204 ? null : JSON.stringify({ error: { code: 'too_large', message: 'Too big' } }),
          { status },
        ),
      );
    },
  } as unknown as UploadDeps;
  return { deps, calls, node };
}

describe('uploading one file', () => {
  it('reserves, asks for the URL, PUTs the bytes as octet-stream, then creates the file with its own type', async () => {
    const { deps, calls, node } = fakes();
    const file = new File(['abc'], 'a.txt', { type: 'text/plain' });
    expect(await uploadFile(file, folderId, deps)).toEqual(node);
    expect(calls).toEqual([
      ['createUpload', { body: { size: 3 } }],
      ['uploadUrl', { params: { uploadId } }],
      ['PUT', '/blobs/x?sig=1', 'PUT', 'application/octet-stream'],
      [
        'createFile',
        { body: { name: 'a.txt', mimeType: 'text/plain', size: 3, parentId: folderId, uploadId } },
      ],
    ]);
  });

  it('sends application/octet-stream as the type of a file the browser cannot name', async () => {
    const { deps, calls } = fakes();
    await uploadFile(new File(['abc'], 'blob'), null, deps);
    expect(calls[3]).toMatchObject([
      'createFile',
      { body: { mimeType: 'application/octet-stream', parentId: null } },
    ]);
  });

  it("fails with the server's reason when the PUT or the file record is refused", async () => {
    const refused = fakes({ putStatus: 413 });
    await expect(uploadFile(new File(['abc'], 'a.txt'), folderId, refused.deps)).rejects.toThrow('Too big');
    expect(refused.calls.map((c) => (c as string[])[0])).toEqual(['createUpload', 'uploadUrl', 'PUT']);
    await expect(
      uploadFile(new File(['abc'], 'a.txt'), folderId, fakes({ createFileStatus: 409 }).deps),
    ).rejects.toThrow('Name taken');
  });
});
