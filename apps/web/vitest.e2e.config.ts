import { defineConfig } from 'vitest/config';

/** Browser tests: the real server on the embedded defaults, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    // A site of its own started in a beforeAll may take minutes to become healthy on a loaded machine (see
    // waitForHealth in e2e/global-setup.ts).
    hookTimeout: 300_000,
    // One file at a time: two at once (248 s instead of ~330 s on a quiet 2-core machine) made the games' timing
    // tests miss moments on a loaded CI machine.
    fileParallelism: false,
    // What a page shows after a server round trip or an image decode can take seconds on a loaded CI machine;
    // vitest's default of one second made albums.e2e.ts fail at load average 16.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
