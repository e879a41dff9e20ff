import { describe, expect, it } from 'vitest';
import type { StoredPart } from '@site/contract';
import { ApiFailure } from '../../api/failure.ts';
import { sendParts, type PartsDeps } from './send-parts.ts';

const uploadId = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';
const partSize = 10;

/** A file of `size` bytes whose byte i is i % 251, so a part's bytes say where they came from. */
const fileOf = (size: number) => new Blob([Uint8Array.from({ length: size }, (_, i) => i % 251)]);

/**
 * A store that keeps the parts PUT to it, signs URLs `part:<n>:<signing>`, and can refuse or drop tries.
 * `failures(n, attempt)` answers the error the attempt-th PUT of part n fails with, or nothing.
 */
function fakeStore({
  stored = [] as StoredPart[],
  failures = (_n: number, _attempt: number): unknown => undefined,
  holdPuts = false,
} = {}) {
  const parts = new Map<number, Uint8Array>();
  const signed: number[][] = [];
  const attempts = new Map<number, number>();
  const waits: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const held: (() => void)[] = [];
  const deps: PartsDeps = {
    partUrls: (_id, partNumbers) => {
      signed.push(partNumbers);
      return Promise.resolve(Object.fromEntries(partNumbers.map((n) => [n, `part:${n}:${signed.length}`])));
    },
    storedParts: () => Promise.resolve(stored),
    put: async (url, body, { onProgress, signal }) => {
      const n = Number(url.split(':')[1]);
      const attempt = attempts.get(n) ?? 0;
      attempts.set(n, attempt + 1);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        onProgress?.(Math.floor(body.size / 2));
        if (holdPuts)
          await new Promise<void>((resolve, reject) => {
            held.push(resolve);
            signal?.addEventListener('abort', () => reject(signal.reason as Error));
          });
        else await new Promise((r) => setTimeout(r, 1));
        const failure = failures(n, attempt);
        if (failure) throw failure as Error;
        parts.set(n, new Uint8Array(await body.arrayBuffer()));
        onProgress?.(body.size);
      } finally {
        inFlight--;
      }
    },
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
  return {
    deps,
    parts,
    signed,
    attempts,
    waits,
    held,
    mostInFlight: () => mostInFlight,
  };
}

/** The parts joined in order, as the server's create-file would. */
const joined = (parts: Map<number, Uint8Array>) =>
  Buffer.concat([...parts.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes));

const plan = (size: number) => ({ uploadId, partSize, partCount: Math.ceil(size / partSize) });
const options = (progress: number[] = [], signal = new AbortController().signal) => ({
  onProgress: (loaded: number) => progress.push(loaded),
  signal,
});

describe('sending the parts of a multipart upload', () => {
  it('stores every part with its own bytes, the last one shorter, at most four in flight', async () => {
    const file = fileOf(95);
    const store = fakeStore();
    const progress: number[] = [];
    await sendParts(file, plan(95), store.deps, options(progress));
    expect([...store.parts.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.parts.get(10)).toHaveLength(5);
    expect(joined(store.parts)).toEqual(Buffer.from(await file.arrayBuffer()));
    expect(store.mostInFlight()).toBe(4);
    // URLs are signed in batches, not one call per part.
    expect(store.signed.length).toBeLessThan(4);
    expect(progress.at(-1)).toBe(95);
    expect(Math.max(...progress)).toBe(95);
  });

  it('sends only the parts the store lacks when resumed, counting the stored bytes from the start', async () => {
    const file = fileOf(50);
    const store = fakeStore({
      stored: [
        { partNumber: 1, size: 10 },
        { partNumber: 3, size: 10 },
        // Cut short by the lost connection: sent again.
        { partNumber: 4, size: 6 },
      ],
    });
    const progress: number[] = [];
    await sendParts(file, plan(50), store.deps, options(progress));
    expect([...store.attempts.keys()].sort()).toEqual([2, 4, 5]);
    expect(progress[0]).toBe(20);
    expect(progress.at(-1)).toBe(50);
  });

  it('tries a part that lost its connection again, with a growing wait and a freshly signed URL', async () => {
    const store = fakeStore({
      failures: (n, attempt) => (n === 2 && attempt < 3 ? new ApiFailure('offline', false) : undefined),
    });
    await sendParts(fileOf(40), plan(40), store.deps, options());
    expect(store.attempts.get(2)).toBe(4);
    expect(store.parts.size).toBe(4);
    expect(store.waits).toHaveLength(3);
    // 1 s, 2 s, 4 s, each within the jitter of a quarter either way.
    store.waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(750 * 2 ** i);
      expect(ms).toBeLessThanOrEqual(1250 * 2 ** i);
    });
    expect(store.signed.filter((batch) => batch.includes(2))).toHaveLength(4);
  });

  it('waits as long as a busy server asks before trying again', async () => {
    const busy = new ApiFailure('unavailable', false, 'unavailable', 'busy', 20);
    const store = fakeStore({ failures: (n, attempt) => (n === 1 && attempt === 0 ? busy : undefined) });
    await sendParts(fileOf(20), plan(20), store.deps, options());
    expect(store.waits).toEqual([20_000]);
  });

  it('gives up after six tries of one part, and stops sending the others', async () => {
    const store = fakeStore({
      failures: (n) => (n === 1 ? new ApiFailure('offline', false) : undefined),
    });
    await expect(sendParts(fileOf(1000), plan(1000), store.deps, options())).rejects.toMatchObject({
      kind: 'offline',
    });
    expect(store.attempts.get(1)).toBe(6);
    expect(store.parts.size).toBeLessThan(60);
  });

  it('fails at once on a clear refusal of a part', async () => {
    const gone = new ApiFailure('not_found', true, 'not_found', 'No such upload');
    const store = fakeStore({ failures: (n) => (n === 3 ? gone : undefined) });
    await expect(sendParts(fileOf(40), plan(40), store.deps, options())).rejects.toBe(gone);
    expect(store.attempts.get(3)).toBe(1);
    expect(store.waits).toEqual([]);
  });

  it('stops every part in flight when paused, keeping the stored ones, and rejects with the pause', async () => {
    const store = fakeStore({ holdPuts: true });
    const pause = new AbortController();
    const progress: number[] = [];
    const sending = sendParts(fileOf(100), plan(100), store.deps, options(progress, pause.signal));
    await expect.poll(() => store.held.length).toBe(4);
    store.held[0]!();
    await expect.poll(() => store.parts.size).toBe(1);
    const paused = new DOMException('Paused', 'AbortError');
    pause.abort(paused);
    await expect(sending).rejects.toBe(paused);
    expect([...store.parts.keys()]).toEqual([1]);
    // The bytes of the parts cut short no longer count.
    expect(progress.at(-1)).toBe(10);
  });
});
