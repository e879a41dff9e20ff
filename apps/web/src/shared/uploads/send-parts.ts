import type { MultiPart, StoredPart } from '@site/contract';
import { ApiFailure } from '../../api/failure.ts';
import type { PutBytes } from './put-bytes.ts';

/** What sending the parts needs from outside (the files API, the transport and the clock; faked in unit tests). */
export interface PartsDeps {
  /** Signed URLs for these parts, by part number. */
  partUrls: (uploadId: string, partNumbers: number[]) => Promise<Record<string, string>>;
  /** The parts the store holds already. */
  storedParts: (uploadId: string) => Promise<StoredPart[]>;
  put: PutBytes;
  /** Waits `ms`, or rejects with the signal's reason when it aborts first. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface SendOptions {
  /** Bytes stored so far, counting the parts stored before this run; called often. */
  onProgress: (loaded: number) => void;
  /** Stops every part in flight (pause); the parts already stored stay stored. */
  signal: AbortSignal;
  /** Parts in flight at once. */
  parallel?: number;
  /** Tries per part before the upload fails. */
  attempts?: number;
}

/** Content-Type every part is signed and sent with (the file's own type travels in create-file). */
const partContentType = 'application/octet-stream';
/** URLs asked for in one call: fewer round trips, without signing URLs that would expire before their turn. */
const urlBatch = 16;

/** Waits before try `attempt + 1` of a part: 1 s, 2 s, 4 s … up to 30 s, or what the server asked, with jitter. */
export function backoffMs(attempt: number, error: unknown): number {
  const asked = error instanceof ApiFailure ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
  const base = Math.min(1000 * 2 ** attempt, 30_000);
  return Math.max(asked, base * (0.75 + Math.random() / 2));
}

/**
 * True when trying a part again may help: no answer, the server busy or failing, or a 403 (a signed URL that
 * expired: the next try signs a new one). A clear refusal (a missing upload, a wrong part) fails at once.
 */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiFailure) ||
  !error.final ||
  error.kind === 'forbidden' ||
  error.kind === 'too_many_attempts';

/**
 * Sends the parts of a MultiPart upload that the store does not hold yet, `parallel` at a time, each PUT to a
 * signed URL; a failed part is tried again with backoff. Resolves once every part is stored; rejects with the
 * first part that gave up (the others stop, what they stored stays) or with the signal's reason.
 */
export async function sendParts(
  file: Blob,
  { uploadId, partSize, partCount }: MultiPart['contents'],
  deps: PartsDeps,
  { onProgress, signal, parallel = 4, attempts = 6 }: SendOptions,
): Promise<void> {
  const sizeOf = (n: number) => Math.min(partSize, file.size - (n - 1) * partSize);
  const stored = await deps.storedParts(uploadId);
  const held = new Set(stored.filter((p) => p.size === sizeOf(p.partNumber)).map((p) => p.partNumber));
  const pending = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !held.has(n));

  let storedBytes = [...held].reduce((sum, n) => sum + sizeOf(n), 0);
  const inFlight = new Map<number, number>();
  const report = () => onProgress(storedBytes + [...inFlight.values()].reduce((a, b) => a + b, 0));
  report();

  // A part's URL is asked for with those of the next parts waiting, and asked for again after a failed try.
  const urls = new Map<number, Promise<string>>();
  const urlOf = (n: number) => {
    if (!urls.has(n)) {
      const batch = [n, ...pending.filter((p) => !urls.has(p) && p !== n)].slice(0, urlBatch);
      const signed = deps.partUrls(uploadId, batch);
      for (const p of batch) {
        const url = signed.then((all) => all[String(p)] ?? Promise.reject(new ApiFailure('other', false)));
        // Parts of the batch not started yet meet a failed signing only when their turn comes.
        url.catch(() => {});
        urls.set(p, url);
      }
    }
    return urls.get(n)!;
  };

  // One part failing for good stops the others: there is no point storing more of an upload that cannot finish.
  const stop = new AbortController();
  const stopped = AbortSignal.any([signal, stop.signal]);

  const sendPart = async (n: number) => {
    const start = (n - 1) * partSize;
    const bytes = file.slice(start, start + sizeOf(n));
    for (let attempt = 0; ; attempt++) {
      try {
        const url = await urlOf(n);
        stopped.throwIfAborted();
        await deps.put(url, bytes, {
          contentType: partContentType,
          signal: stopped,
          onProgress: (loaded) => {
            inFlight.set(n, loaded);
            report();
          },
        });
        inFlight.delete(n);
        storedBytes += bytes.size;
        report();
        return;
      } catch (error) {
        inFlight.delete(n);
        urls.delete(n);
        report();
        if (stopped.aborted) throw stopped.reason;
        if (attempt + 1 >= attempts || !worthRetrying(error)) throw error;
        await deps.wait(backoffMs(attempt, error), stopped);
      }
    }
  };

  const worker = async () => {
    for (let n = pending.shift(); n !== undefined; n = pending.shift()) await sendPart(n);
  };
  const workers = Array.from({ length: Math.min(parallel, pending.length) }, () =>
    worker().catch((error: unknown) => {
      if (!stop.signal.aborted) stop.abort(error);
      throw error;
    }),
  );
  const results = await Promise.allSettled(workers);
  // The first failure is the reason; the others only followed it.
  if (results.some((r) => r.status === 'rejected')) throw signal.aborted ? signal.reason : stop.signal.reason;
}

/** `setTimeout` as a promise that an abort cuts short. */
export const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
