import { describe, expect, it } from 'vitest';
import { chunkBytes, recycleChunk, takeChunk } from './read-chunks.ts';

describe('recycled read buffers', () => {
  it('should give a handed-back buffer to the next read, whole even when a short chunk of it came back', () => {
    const first = takeChunk();
    recycleChunk(first.subarray(0, 10));
    const next = takeChunk();
    expect(next.buffer).toBe(first.buffer);
    expect(next.length).toBe(chunkBytes);
    recycleChunk(next);
  });

  it('should never lend one buffer twice: a second hand-back, or a buffer it did not lend, is ignored', () => {
    const lent = takeChunk();
    recycleChunk(lent);
    recycleChunk(lent);
    recycleChunk(Buffer.alloc(chunkBytes));
    const a = takeChunk();
    const b = takeChunk();
    expect(a.buffer).toBe(lent.buffer);
    expect(b.buffer).not.toBe(lent.buffer);
  });
});
