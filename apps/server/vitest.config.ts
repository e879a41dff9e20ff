import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One file more than there are cores: most of a file's time is spent waiting on the database, a server process
    // it started or a socket, not computing. Vitest's default (cores - 1) ran the files one at a time on a 2-core
    // CI machine: 277 s there on PostgreSQL, 169 s with three at a time (PGlite: 264 -> 195 s).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps the modules it imported from one file to the next. Each file importing the app afresh (Express,
    // Prisma, the AWS SDK, sharp) was half the suite's CPU: on PGlite 815 CPU-seconds isolated, 465 shared. The
    // price is that a file must not change module state for the next one: no vi.mock, no process.env writes.
    isolate: false,
  },
});
