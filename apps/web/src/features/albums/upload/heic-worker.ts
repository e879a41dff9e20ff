import libheifFactory from 'libheif-js/libheif-wasm/libheif.js';
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';

/** Page -> worker: the bytes of one HEIF file. Worker -> page: its primary picture, upright, or why not. */
export type HeicReply = { bitmap: ImageBitmap } | { error: string };

/** The part of libheif-js's JavaScript API used here (its typings cover only the raw C functions). */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Starts libheif, fetching its WebAssembly from the URL the build gave it. */
function startLibheif(): Promise<Libheif> {
  return new Promise((resolve, reject) => {
    // Emscripten calls back once the WebAssembly runs, which may be before the factory returns (when it is at
    // hand rather than fetched): the module is the factory's answer, so it is taken a moment later.
    const module = libheifFactory({
      locateFile: () => wasmUrl,
      onRuntimeInitialized: () => queueMicrotask(() => resolve(module as unknown as Libheif)),
      onAbort: (reason: unknown) => reject(new Error(`libheif did not start: ${String(reason)}`)),
    });
  });
}

/**
 * Decodes the file's primary image (a burst or sequence holds several; the primary is the one the phone shows).
 * libheif applies the file's rotation and mirroring (irot, imir) and its crop (clap) while decoding, so the picture
 * comes out upright and at the size the handle reports.
 */
async function decodePrimary(bytes: Uint8Array): Promise<ImageBitmap> {
  const libheif = await startLibheif();
  const images = new libheif.HeifDecoder().decode(bytes);
  try {
    const primary = images.find((image) => image.is_primary()) ?? images[0];
    if (!primary) throw new Error('no image in this HEIF file');
    const pixels = new ImageData(primary.get_width(), primary.get_height());
    const decoded = await new Promise<ImageData | null>((resolve) => primary.display(pixels, resolve));
    if (!decoded) throw new Error('libheif could not decode this image');
    return await createImageBitmap(decoded);
  } finally {
    for (const image of images) image.free();
  }
}

scope.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  try {
    const bitmap = await decodePrimary(new Uint8Array(event.data));
    scope.postMessage({ bitmap } satisfies HeicReply, [bitmap]);
  } catch (e) {
    scope.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies HeicReply);
  }
};
