import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { chunkBytes, recycleChunk, takeChunk } from './read-chunks.ts';

/**
 * A file's bytes as a stream of `chunkBytes` chunks read into buffers from `takeChunk`, so that a consumer that
 * knows when a chunk is done (zip-response.ts) can hand it back for the next read. Reads one chunk ahead of its
 * consumer; an open or read failure (ENOENT for a missing blob) destroys it with that error; destroying it closes
 * the file once a read on its way has ended.
 */
export class FileReadStream extends Readable {
  /** Bytes read so far (as fs.ReadStream counts them). */
  bytesRead = 0;
  private file: FileHandle | undefined;

  constructor(private readonly path: string) {
    super({ highWaterMark: chunkBytes });
  }

  override _construct(callback: (error?: Error | null) => void) {
    open(this.path, 'r').then(
      (file) => {
        this.file = file;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _read() {
    const chunk = takeChunk();
    this.file!.read(chunk, 0, chunk.length, this.bytesRead).then(
      ({ bytesRead }) => {
        if (this.destroyed) return;
        this.bytesRead += bytesRead;
        if (bytesRead > 0) return void this.push(chunk.subarray(0, bytesRead));
        // The read that finds the end fills nothing: its buffer goes straight back, else a zip of many small files
        // allocates (and the collector clears) a fresh one per file.
        recycleChunk(chunk);
        this.push(null);
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (!this.file) return callback(error);
    // close() waits for a read still on its way, so the descriptor is never reused under it.
    this.file.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }
}
