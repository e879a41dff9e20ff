import { Readable, Stream } from 'node:stream';
import type { Request, Response } from 'express';
import { recycleChunk } from '../storage/read-chunks.ts';
import type { ZipArchive } from './zip-archive.ts';

/**
 * Readies `res` to answer `archive` as a download named `fileName` and hands back the ts-rest answer whose body
 * sends the archive into `res` (with back pressure: a slow client slows the reads). A client that goes away destroys
 * the archive, which stops its reads; an archive that fails cuts the connection, so the browser reports the
 * download as failed instead of saving a broken zip.
 */
export function zipResponse(req: Request, res: Response, fileName: string, archive: ZipArchive) {
  const { stream, size } = archive;
  res.attachment(fileName);
  res.setHeader('Content-Type', 'application/zip');
  if (size !== null) res.setHeader('Content-Length', String(size));
  stream.once('error', (error) => {
    req.log.warn({ err: error }, 'zip download cut short');
    res.destroy();
  });
  res.once('close', () => stream.destroy());
  // A HEAD answer has no body: nothing is read.
  if (req.method === 'HEAD') {
    stream.destroy();
    return { status: 200 as const, body: Readable.from([]) };
  }
  return { status: 200 as const, body: new RecyclingBody(stream) };
}

/**
 * ts-rest sends a stream body by calling its `pipe(res)`. This one writes the archive's chunks into `res` itself,
 * each with a callback, and hands each blob chunk back for the next read (`recycleChunk`) once the socket has
 * taken it: only here is it known that nothing refers to a chunk any more, and a download that allocates no new
 * buffers spends about half the CPU (read-chunks.ts says why).
 */
class RecyclingBody extends Stream {
  constructor(private readonly archive: Readable) {
    super();
  }

  override pipe<T extends NodeJS.WritableStream>(res: T): T {
    const { archive } = this;
    // Flowing mode hands over each chunk as it was pushed (a paused read() may join several into a copy).
    archive.on('data', (chunk: Buffer) => {
      const room = res.write(chunk, (error) => {
        if (!error) recycleChunk(chunk);
      });
      if (!room) {
        archive.pause();
        res.once('drain', () => archive.resume());
      }
    });
    archive.once('end', () => res.end());
    return res;
  }
}
