import { defineConfig } from 'vitest/config';

/** Browser tests: the real server on the embedded defaults, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time against the one server, each with its own Chromium: a browser test mostly waits for a
    // page to draw or the server to answer (CI's browser tests 410 s one at a time, 248 s two at a time on 2 cores).
    maxWorkers: 2,
    // What a page shows after a server round trip or an image decode can take seconds on a loaded CI machine;
    // vitest's default of one second made albums.e2e.ts fail at load average 16.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
