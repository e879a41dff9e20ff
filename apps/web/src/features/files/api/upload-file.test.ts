import { describe, expect, it } from 'vitest';
import type { FileNode, UploadPlan } from '@site/contract';
import { ApiFailure } from '../../../api/failure.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import { fileUpload, type UploadDeps } from './upload-file.ts';

const uploadId = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';
const folderId = '6a1b2c3d-8d1b-4c8e-9a57-1f2d3c4b5a69';
const lastModified = 1_700_000_000_000;

const ok = (body: unknown) => Promise.resolve({ status: 200, body, headers: new Headers() });
const refused = (status: number, code: string, message: string) =>
  Promise.resolve({ status, body: { error: { code, message } }, headers: new Headers() });

const node: FileNode = { nodeId: uploadId, parentId: folderId, name: 'a.txt', size: 3, isDirectory: false };

const singlePart: UploadPlan = { tag: 'SinglePart', contents: uploadId };

/** Fakes the files API and the transport, recording every call in order. */
function fakes({
  plan = singlePart,
  put = (): Promise<void> => Promise.resolve(),
  createFile = (): Promise<unknown> => ok(node),
} = {}) {
  const calls: unknown[][] = [];
  const record =
    (name: string, answer: () => Promise<unknown>) =>
    ({ fetchOptions: _, ...args }: { fetchOptions?: unknown }) => (calls.push([name, args]), answer());
  const deps = {
    files: {
      createUpload: record('createUpload', () => ok(plan)),
      uploadUrl: record('uploadUrl', () => ok({ url: '/blobs/x?sig=1' })),
      uploadParts: record('uploadParts', () => ok([{ partNumber: 1, size: 4 }])),
      partUrls: record('partUrls', () => ok({ urls: { '2': '/part/2', '3': '/part/3' } })),
      abortUpload: record('abortUpload', () => Promise.resolve({ status: 204, body: undefined })),
      createFile: record('createFile', createFile),
    },
    put: (url: string, body: Blob, { contentType, onProgress }: Parameters<UploadDeps['put']>[2]) => {
      calls.push(['PUT', url, body.size, contentType]);
      onProgress?.(body.size);
      return put();
    },
    wait: () => Promise.resolve(),
  } as unknown as UploadDeps;
  return { deps, calls, node };
}

/** A run as the panel gives one, recording what the upload reports. */
function aRun() {
  const progress: [number, number][] = [];
  const discards: (() => Promise<void>)[] = [];
  const run: UploadRun = {
    signal: new AbortController().signal,
    progress: (loaded, total) => progress.push([loaded, total]),
    pausable: (discard) => discards.push(discard),
  };
  return { run, progress, discards };
}

const aFile = (bytes: string, type = 'text/plain') => new File([bytes], 'a.txt', { type, lastModified });

describe('uploading one file', () => {
  it('sends a small file in one PUT as octet-stream, reporting its bytes, then creates it with its own type', async () => {
    const { deps, calls, node } = fakes();
    const { run, progress, discards } = aRun();
    expect(await fileUpload(aFile('abc'), folderId, deps)(run)).toEqual(node);
    expect(calls).toEqual([
      ['createUpload', { body: { size: 3, name: 'a.txt', lastModified } }],
      ['uploadUrl', { params: { uploadId } }],
      ['PUT', '/blobs/x?sig=1', 3, 'application/octet-stream'],
      [
        'createFile',
        { body: { name: 'a.txt', mimeType: 'text/plain', size: 3, parentId: folderId, uploadId } },
      ],
    ]);
    expect(progress).toEqual([
      [0, 3],
      [3, 3],
    ]);
    // Even one PUT can be paused and given up: giving it up frees its reservation.
    expect(discards).toHaveLength(1);
    await discards[0]!();
    expect(calls.at(-1)).toEqual(['abortUpload', { params: { uploadId } }]);
  });

  it('sends a small file again from the start on the next run, keeping its reservation', async () => {
    const paused = new DOMException('Paused', 'AbortError');
    let puts = 0;
    const { deps, calls } = fakes({ put: () => (++puts === 1 ? Promise.reject(paused) : Promise.resolve()) });
    const upload = fileUpload(aFile('abc'), folderId, deps);
    await expect(upload(aRun().run)).rejects.toBe(paused);
    const second = aRun();
    expect(await upload(second.run)).toEqual(node);
    expect(calls.map((c) => c[0])).toEqual([
      'createUpload',
      'uploadUrl',
      'PUT',
      'uploadUrl',
      'PUT',
      'createFile',
    ]);
    expect(second.progress[0]).toEqual([0, 3]);
  });

  it('asks for a new reservation when the one it had is gone', async () => {
    let urls = 0;
    const { deps, calls } = fakes();
    const files = deps.files as unknown as Record<string, (args: unknown) => Promise<unknown>>;
    const uploadUrl = files.uploadUrl!;
    files.uploadUrl = (args) =>
      ++urls === 1
        ? (calls.push(['uploadUrl']), refused(404, 'not_found', 'No such upload'))
        : uploadUrl(args);
    const upload = fileUpload(aFile('abc'), folderId, deps);
    await expect(upload(aRun().run)).rejects.toMatchObject({ kind: 'not_found' });
    await upload(aRun().run);
    expect(calls.map((c) => c[0])).toEqual([
      'createUpload',
      'uploadUrl',
      'createUpload',
      'uploadUrl',
      'PUT',
      'createFile',
    ]);
  });

  it('sends a large file in the parts the store lacks, then joins them with create-file', async () => {
    const plan: UploadPlan = { tag: 'MultiPart', contents: { uploadId, partSize: 4, partCount: 3 } };
    const { deps, calls } = fakes({ plan });
    const { run, progress, discards } = aRun();
    await fileUpload(aFile('abcdefghij'), folderId, deps)(run);
    expect(calls.map((c) => (c[0] === 'PUT' ? c.slice(0, 3) : c[0]))).toEqual([
      'createUpload',
      'uploadParts',
      'partUrls',
      ['PUT', '/part/2', 4],
      ['PUT', '/part/3', 2],
      'createFile',
    ]);
    expect(progress[0]).toEqual([0, 10]);
    expect(progress.at(-1)).toEqual([10, 10]);
    // It can pause, and giving it up frees its parts.
    expect(discards).toHaveLength(1);
    await discards[0]!();
    expect(calls.at(-1)).toEqual(['abortUpload', { params: { uploadId } }]);
  });

  it('sends application/octet-stream as the type of a file the browser cannot name', async () => {
    const { deps, calls } = fakes();
    await fileUpload(new File(['abc'], 'blob'), null, deps)(aRun().run);
    expect(calls[3]).toMatchObject([
      'createFile',
      { body: { mimeType: 'application/octet-stream', parentId: null } },
    ]);
  });

  it("fails with the server's refusal when the bytes or the file record are refused", async () => {
    const tooBig = new ApiFailure('too_large', true, 'too_large', 'Too big');
    const putRefused = fakes({ put: () => Promise.reject(tooBig) });
    await expect(fileUpload(aFile('abc'), folderId, putRefused.deps)(aRun().run)).rejects.toBe(tooBig);
    expect(putRefused.calls.map((c) => c[0])).toEqual(['createUpload', 'uploadUrl', 'PUT']);
    const clash = fakes({ createFile: () => refused(409, 'conflict', 'Name taken') });
    await expect(fileUpload(aFile('abc'), folderId, clash.deps)(aRun().run)).rejects.toMatchObject({
      kind: 'conflict',
      serverMessage: 'Name taken',
    });
  });
});
