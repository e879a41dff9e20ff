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
  },
});
