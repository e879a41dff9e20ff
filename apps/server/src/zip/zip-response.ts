import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import type { ZipArchive } from './zip-archive.ts';

/**
 * Readies `res` to answer `archive` as a download named `fileName` and hands back the ts-rest answer whose body
 * ts-rest pipes into `res` (with back pressure: a slow client slows the reads). A client that goes away destroys
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
  return { status: 200 as const, body: stream };
}
