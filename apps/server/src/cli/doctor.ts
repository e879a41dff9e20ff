import { runDoctor } from '../doctor/run-doctor.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';
import { withDatabase, type CliCommand } from './command.ts';

/**
 * `doctor [--repair]`: checks rows against blobs, folder sizes, image ranks and storage counters (after a restore,
 * say), prints each finding, and with --repair fixes what it can. Exit code 1 while something is still wrong.
 */
export const doctorCommand: CliCommand = {
  usage: 'pnpm admin doctor [--repair]  (checks rows against blobs, folder sizes, ranks, storage counters)',
  async run([flag, ...rest]) {
    if (rest.length > 0 || (flag !== undefined && flag !== '--repair')) return 2;
    const repair = flag === '--repair';
    const results = await withDatabase('pnpm admin doctor', ({ config, db }) =>
      runDoctor({ db, blobs: createBlobStore(config), repair }),
    );
    let unrepaired = 0;
    for (const { check, findings } of results) {
      if (findings.length === 0) console.log(`${check}: ok`);
      for (const { problem, repaired } of findings) {
        console.log(`${check}: ${problem}${repaired ? ' (repaired)' : ''}`);
        if (!repaired) unrepaired++;
      }
    }
    const found = results.reduce((n, r) => n + r.findings.length, 0);
    if (found === 0) console.log('Nothing wrong found.');
    else if (unrepaired === 0) console.log(`Repaired all ${found} finding(s).`);
    else
      console.log(
        `${unrepaired} of ${found} finding(s) not repaired${repair ? '' : ' (run with --repair)'}.`,
      );
    return unrepaired > 0 ? 1 : 0;
  },
};
