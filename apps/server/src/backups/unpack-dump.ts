import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);

/**
 * The archive's gzipped database as PGlite's loadDataDir takes it, unpacked here: PGlite's own gunzip of damaged
 * bytes rejects and also leaves an unhandled rejection behind, which ends the process. Rejects on damaged bytes.
 */
export async function unpackDump(gzipped: Uint8Array): Promise<Blob> {
  const tarball = new Uint8Array(await gunzipAsync(gzipped));
  return new Blob([tarball], { type: 'application/x-tar' });
}
