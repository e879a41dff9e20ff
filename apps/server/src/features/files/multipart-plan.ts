import type { MultiPart, StoredPart } from '@site/contract';
import type { PendingUpload } from '../../db/generated/client.ts';
import type { MultipartRef } from '../../storage/blob-store.ts';

/** A MultiPart upload's row: it has a part size and a store upload. */
export type MultipartUpload = PendingUpload & { partSize: number; multipartId: string };

export const isMultipart = (upload: PendingUpload): upload is MultipartUpload =>
  upload.partSize !== null && upload.multipartId !== null;

/** How many parts carry `size` bytes at `partSize` each (an empty file would still be one part). */
export const partCountOf = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

/** The bytes part `partNumber` holds: `partSize`, except the last, which holds the rest. */
export function partBytes(size: number, partSize: number, partNumber: number): number {
  return partNumber < partCountOf(size, partSize) ? partSize : size - partSize * (partNumber - 1);
}

/** The MultiPart answer for an upload row. */
export function planOf(upload: PendingUpload): MultiPart {
  const size = Number(upload.size ?? 0);
  const partSize = upload.partSize ?? size;
  return {
    tag: 'MultiPart',
    contents: { uploadId: upload.id, partSize, partCount: partCountOf(size, partSize) },
  };
}

export const multipartRef = (upload: MultipartUpload): MultipartRef => ({
  key: upload.id,
  multipartId: upload.multipartId,
});

/**
 * What keeps `parts` from making a file of `size` bytes in parts of `partSize`, in words, or null: every part
 * 1..partCount must be there, each `partSize` bytes but the last, which holds the rest (so the total is `size`).
 */
export function partsProblem(parts: StoredPart[], size: number, partSize: number): string | null {
  const stored = new Map(parts.map((p) => [p.partNumber, p.size]));
  const partCount = partCountOf(size, partSize);
  const missing: number[] = [];
  for (let n = 1; n <= partCount; n++) {
    const got = stored.get(n);
    if (got === undefined) {
      missing.push(n);
      continue;
    }
    const wanted = partBytes(size, partSize, n);
    if (got !== wanted) return `Part ${n} holds ${got} bytes, not ${wanted}: send it again`;
  }
  if (missing.length === 0) return null;
  const shown =
    missing.slice(0, 10).join(', ') + (missing.length > 10 ? ` and ${missing.length - 10} more` : '');
  return `${missing.length} of ${partCount} parts have not arrived (${shown})`;
}
