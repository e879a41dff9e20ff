import type { HeicReply } from './heic-worker.ts';

/**
 * Decodes a HEIF photo with libheif compiled to WebAssembly, in a worker so that a phone's page stays responsive
 * during the seconds a 12-megapixel photo takes. A worker per photo: its WebAssembly memory, which only
 * grows, is handed back when the photo is done. The worker and its WebAssembly are fetched the first time a HEIF
 * file is met (the service worker keeps them from then on), never with the album's page.
 */
export async function decodeHeic(file: Blob): Promise<ImageBitmap> {
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ImageBitmap>((resolve, reject) => {
      worker.onmessage = ({ data }: MessageEvent<HeicReply>) =>
        'bitmap' in data ? resolve(data.bitmap) : reject(new Error(data.error));
      worker.onerror = (event) => reject(new Error(event.message || 'the HEIF decoder failed to start'));
      worker.postMessage(bytes, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}
