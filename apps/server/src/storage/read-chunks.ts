/** How much one read of a blob file takes: a zip of many big files moves through here, and small reads cost calls. */
export const chunkBytes = 1024 * 1024;

/**
 * Read buffers handed back, at most this many kept: enough for the chunks one download has in flight (read ahead,
 * in the zip's stages, in the socket), so a steady download allocates nothing.
 */
const maxSpare = 8;

const spare: ArrayBuffer[] = [];
/** Buffers given out and not handed back: only these may come back, and each only once. */
const lent = new WeakSet<ArrayBuffer>();

/**
 * A buffer to read a chunk of a blob into: a spare one when there is one. Fresh buffers are what it saves: V8
 * counts them as external memory and collects the whole heap every few dozen MiB of them, which in the server's
 * heap (Prisma, PGlite) cost a zip download about half of its CPU.
 */
export function takeChunk(): Buffer {
  const memory = spare.pop() ?? new ArrayBuffer(chunkBytes);
  lent.add(memory);
  return Buffer.from(memory);
}

/**
 * Hands back the buffer under `chunk` (as read by `takeChunk`), for a later read to fill. Only a caller that knows
 * nothing refers to the chunk any more may call this: one that wrote it to a socket and got the write's callback.
 * Any other buffer, or one handed back already, is left alone (a chunk nobody hands back is collected as usual).
 */
export function recycleChunk(chunk: Buffer): void {
  const memory = chunk.buffer;
  if (!(memory instanceof ArrayBuffer) || !lent.has(memory)) return;
  lent.delete(memory);
  if (spare.length < maxSpare) spare.push(memory);
}
