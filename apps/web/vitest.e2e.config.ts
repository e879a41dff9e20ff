import { defineConfig } from 'vitest/config';

/**
 * Files whose tests time what the page does (a game's tick, a long press, the first frame, a video playing) or
 * move the shared server's clock: they run one at a time after the rest, with the machine to themselves. Two at
 * once made the games' timing tests miss moments on a loaded CI machine (and the MP4 test ran past its 90 s once);
 * the clock would move under the other file's feet.
 */
const alone = [
  'e2e/games-*.e2e.ts',
  'e2e/demos.e2e.ts',
  'e2e/photo-selection.e2e.ts',
  'e2e/first-load.e2e.ts',
  'e2e/family-sharing.e2e.ts',
  'e2e/videos.e2e.ts',
];

/** Browser tests: the real server on the embedded defaults, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    // A site of its own started in a beforeAll may take minutes to become healthy on a loaded machine (see
    // waitForHealth in e2e/global-setup.ts).
    hookTimeout: 300_000,
    // What a page shows after a server round trip or an image decode can take seconds on a loaded CI machine;
    // vitest's default of one second made albums.e2e.ts fail at load average 16.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    projects: [
      {
        extends: true,
        // Two files at a time: most of a browser test's time is spent waiting on the server or a page.
        test: {
          name: 'together',
          include: ['e2e/**/*.e2e.ts'],
          exclude: alone,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
