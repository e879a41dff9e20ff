/**
 * The SHA-256 of a file as 64 lowercase hex digits, read in the chunks its stream gives, so a big file is never
 * held in memory whole (crypto.subtle can only hash a whole buffer, and is missing on a site served over plain
 * HTTP on a home network). hash-wasm is loaded only when photos are added.
 */
export async function contentHash(file: Blob): Promise<string> {
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hasher.update(value);
  }
  return hasher.digest('hex');
}
