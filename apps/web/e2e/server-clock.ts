import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** Debian's libfaketime (package faketime), which moves the clock of the process it is preloaded into. */
const libfaketime = ['x86_64-linux-gnu', 'aarch64-linux-gnu']
  .map((triple) => `/usr/lib/${triple}/faketime/libfaketimeMT.so.1`)
  .find((candidate) => existsSync(candidate));

const clockFile = (dir: string) => path.join(dir, 'clock-offset');

/**
 * The environment that starts the test server on a clock a test can move (moveServerClock): the wall clock only,
 * so timers keep their pace, read again from DATA_DIR/clock-offset at most once a second. Empty where libfaketime
 * is not installed; moving the clock then fails with a message saying so.
 */
export async function movableClockEnv(dir: string): Promise<Record<string, string>> {
  if (!libfaketime) return {};
  await writeFile(clockFile(dir), '+0\n');
  return {
    LD_PRELOAD: libfaketime,
    FAKETIME_TIMESTAMP_FILE: clockFile(dir),
    FAKETIME_CACHE_DURATION: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/**
 * Sets the test server's wall clock `days` ahead of the real one (0 puts it back), and waits until the server's
 * answers are dated accordingly. Browser test files run one at a time, so no other file sees the moved clock;
 * a test that moves it puts it back before it ends.
 */
export async function moveServerClock(days: number): Promise<void> {
  if (!libfaketime) throw new Error("Moving the server's clock needs Debian's faketime package");
  // Read here rather than imported from support.ts: the global set-up imports this file, and has no inject.
  const [baseUrl, dataDir] = [inject('baseUrl'), inject('dataDir')];
  await writeFile(clockFile(dataDir), `${days >= 0 ? '+' : ''}${days}d\n`);
  const wanted = Date.now() + days * 86_400_000;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const dated = Date.parse((await fetch(`${baseUrl}/api/health`)).headers.get('date') ?? '');
    if (Math.abs(dated - wanted) < 60_000) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server's clock did not move ${days} days`);
}
