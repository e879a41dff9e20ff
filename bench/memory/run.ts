/**
 * Idle RSS of the server's database layer as `pnpm start` opens it: PGlite on a fresh data directory (the first
 * start, migrations included), PGlite reopened on that directory, and PostgreSQL. Each in a child process of its
 * own, sampled right after opening and after a minute idle (BENCH_IDLE_SECONDS).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../support/scratch-database.ts';

const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);

if (process.argv[2] === 'open') {
  const { openDatabase } = await import('../../apps/server/src/db/database.ts');
  const where = process.argv[3]!;
  const location = where.startsWith('postgres') ? { url: where } : { pgliteDir: where };
  const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
  const database = await openDatabase(location);
  await database.prisma.user.count();
  const afterStart = mb();
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  globalThis.gc?.();
  process.stdout.write(JSON.stringify({ afterStart, afterIdle: mb() }) + '\n');
  await database.close();
  process.exit(0);
}

function measure(location: string) {
  return new Promise<{ afterStart: number; afterIdle: number }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL(import.meta.url).pathname, 'open', location],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`))));
  });
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-memory-'));
try {
  const first = await measure(path.join(dir, 'db'));
  console.log(
    `PGlite, first start:   ${first.afterStart} MB after start, ${first.afterIdle} MB after ${idleSeconds} s idle`,
  );
  const again = await measure(path.join(dir, 'db'));
  console.log(
    `PGlite, second start:  ${again.afterStart} MB after start, ${again.afterIdle} MB after ${idleSeconds} s idle`,
  );
  const scratch = await scratchDatabase('bench_memory');
  const postgres = await measure(scratch.url).finally(() => scratch.drop());
  console.log(
    `PostgreSQL:            ${postgres.afterStart} MB after start, ${postgres.afterIdle} MB after ${idleSeconds} s idle`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
