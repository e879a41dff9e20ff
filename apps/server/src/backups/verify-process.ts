/**
 * Verifies one backup archive and prints the Verification as JSON: run by verifyInChild in a process of its own,
 * because opening the archive's database grows PGlite's WebAssembly memory, which a process gives back only by
 * ending (see db/pglite-setup.ts).
 */
import { verifyBackup } from './verify-backup.ts';

const [file, blobDir] = process.argv.slice(2);
if (!file || !blobDir) throw new Error('usage: verify-process <archive> <blob folder>');
process.stdout.write(JSON.stringify(await verifyBackup(file, blobDir)));
