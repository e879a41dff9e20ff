import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../paths.ts';
import type { Verification } from './verify-backup.ts';

/** verifyBackup run in a child process (verify-process.ts), from the sources or from the build. */
export async function verifyInChild(file: string, blobDir: string): Promise<Verification> {
  const fromSource = import.meta.url.endsWith('.ts');
  const args = fromSource
    ? ['--import', import.meta.resolve('tsx'), path.join(serverRoot, 'src/backups/verify-process.ts')]
    : [path.join(serverRoot, 'dist/backups/verify-process.js')];
  const child = spawn(process.execPath, [...args, file, blobDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0)
    return {
      problems: [`the verification failed to run (exit code ${code}): ${stderr.trim()}`],
      blobsCompared: 0,
    };
  return JSON.parse(stdout) as Verification;
}
