import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from './content-hash.ts';

describe('content hashes', () => {
  it('is the SHA-256 of the whole file, read in chunks, as 64 lowercase hex digits', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const hash = await contentHash(new Blob([bytes, bytes]));
    expect(hash).toBe(createHash('sha256').update(bytes).update(bytes).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
