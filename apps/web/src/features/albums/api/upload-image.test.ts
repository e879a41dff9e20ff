// @vitest-environment jsdom
import { contract, type Image } from '@site/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { uploadImage } from './upload-image.ts';

const sentBytes = vi.hoisted(() => [] as { url: string; body: Blob; contentType: string }[]);
vi.mock('../../../shared/uploads/put-bytes.ts', () => ({
  putBytes: async (
    url: string,
    body: Blob,
    options: { contentType: string; onProgress?: (n: number) => void },
  ) => {
    sentBytes.push({ url, body, contentType: options.contentType });
    options.onProgress?.(body.size);
  },
}));

const photoAlbumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const ids = [
  '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
];
const originalUploadId = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f80';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  sentBytes.length = 0;
  api = stubApi();
  let next = 0;
  api.on(contract.albums.createUpload, () => {
    const id = ids[next++]!;
    return { status: 200, body: [id, `/blobs/${id}`] };
  });
  api.on(contract.albums.createOriginalUpload, {
    status: 200,
    body: { tag: 'SinglePart', contents: originalUploadId },
  });
  api.on(contract.albums.originalUploadUrl, { status: 200, body: { url: `/blobs/${originalUploadId}` } });
  const added: Image = {
    imageId: ids[0]!,
    photoAlbumId,
    thumbnailId: ids[1]!,
    rank: 0,
    renditionId: null,
    takenAt: null,
    original: { name: 'IMG_0001.HEIC', type: 'image/heic', size: 7 },
    video: null,
  };
  api.on(contract.albums.addImage, { status: 200, body: added });
});

const run = (progress: (loaded: number, total: number) => void = () => {}) => ({
  progress,
  signal: new AbortController().signal,
  pausable: () => {},
});

const jpegs = {
  image: new Blob([new Uint8Array(100)], { type: 'image/jpeg' }),
  thumbnail: new Blob([new Uint8Array(10)], { type: 'image/jpeg' }),
  rendition: null,
};

describe('uploading a picked photo to an album', () => {
  it('sends the picked file untouched beside its JPEGs, counts its bytes and names it when adding', async () => {
    const file = new File([new Uint8Array([1, 2, 3, 4, 5, 6, 7])], 'IMG_0001.HEIC');
    const progress = vi.fn();
    const about = { takenAt: '2025-06-14T16:32:00.000Z', contentHash: 'a'.repeat(64) };
    await uploadImage(photoAlbumId, file, jpegs, about, run(progress));

    expect(api.sentTo(contract.albums.createOriginalUpload)[0]?.body).toEqual({
      size: 7,
      name: 'IMG_0001.HEIC',
      lastModified: file.lastModified,
    });
    const original = sentBytes.find((s) => s.url === `/blobs/${originalUploadId}`)!;
    expect(original.body).toBe(file);
    expect(original.contentType).toBe('application/octet-stream');
    expect(progress).toHaveBeenLastCalledWith(117, 117);
    expect(api.sentTo(contract.albums.addImage)[0]?.body).toEqual({
      imageId: ids[0],
      thumbnailId: ids[1],
      original: { uploadId: originalUploadId, name: 'IMG_0001.HEIC', type: 'image/heic' },
      ...about,
    });
  });

  it('sends a large original in the parts the server plans, beside its JPEGs', async () => {
    const parts = [1, 2, 3].map((n) => `/blobs/${originalUploadId}?part=${n}`);
    api.on(contract.albums.createOriginalUpload, {
      status: 200,
      body: { tag: 'MultiPart', contents: { uploadId: originalUploadId, partSize: 4, partCount: 3 } },
    });
    api.on(contract.albums.originalUploadParts, { status: 200, body: [] });
    api.on(contract.albums.originalPartUrls, {
      status: 200,
      body: { urls: Object.fromEntries(parts.map((url, i) => [i + 1, url])) },
    });
    const file = new File([new Uint8Array(10).fill(9)], 'DSC_0001.tif', { type: 'image/tiff' });
    const progress = vi.fn();
    await uploadImage(photoAlbumId, file, jpegs, {}, run(progress));

    const sentParts = sentBytes.filter((s) => s.url.includes('?part='));
    expect(sentParts.map((s) => [s.url, s.body.size]).sort()).toEqual([
      [parts[0], 4],
      [parts[1], 4],
      [parts[2], 2],
    ]);
    expect(api.sentTo(contract.albums.originalUploadUrl)).toEqual([]);
    expect(progress).toHaveBeenLastCalledWith(120, 120);
    expect(api.sentTo(contract.albums.addImage)[0]?.body).toMatchObject({
      original: { uploadId: originalUploadId, name: 'DSC_0001.tif', type: 'image/tiff' },
    });
  });

  it('adds a file the server would not keep as an original without one', async () => {
    const file = new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' });
    await uploadImage(photoAlbumId, file, jpegs, {}, run());
    expect(api.sentTo(contract.albums.createOriginalUpload)).toEqual([]);
    expect(sentBytes).toHaveLength(2);
    expect(api.sentTo(contract.albums.addImage)[0]?.body).toEqual({ imageId: ids[0], thumbnailId: ids[1] });
  });
});
