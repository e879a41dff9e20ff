import { useSyncExternalStore } from 'react';
import { reasonOf } from './reason.ts';
import { speedOf, type Sample } from './speed.ts';

/** What a running upload is given: how to report, how it is stopped, and whether it can pause. */
export interface UploadRun {
  /** Aborts when the user pauses the upload (or it is run again). */
  signal: AbortSignal;
  /** Bytes stored of `total`; call as often as bytes move. */
  progress: (loaded: number, total: number) => void;
  /**
   * Says this upload can stop and carry on later where it was (pausing aborts `signal`; resuming runs the task
   * again, which must then skip what is stored). `discard` frees what was stored when the user gives it up.
   */
  pausable: (discard: () => Promise<void>) => void;
}

/** One upload as the panel runs it; running it again must be safe (that is Retry and Resume). */
export type UploadTask = (run: UploadRun) => Promise<void>;

/** One line of the Uploads panel. */
export interface UploadItem {
  key: string;
  name: string;
  /** Spec: files read UPLOADING then DONE; album photos UPLOADING then FINISHED, both shown as DONE. */
  state: 'uploading' | 'paused' | 'done' | 'failed';
  /** Bytes stored so far. */
  loaded: number;
  /** Bytes to send; null until known (an album photo is converted first). */
  total: number | null;
  /** Bytes per second over the last few seconds; null until measured or while not moving. */
  speed: number | null;
  /** Why it failed, in words. */
  reason: string | null;
  canPause: boolean;
  /** False when trying again cannot help (a file that is not an image, or too large). */
  canRetry: boolean;
}

interface Snapshot {
  open: boolean;
  items: UploadItem[];
  /** What the panel says about the latest pick beyond its lines (photos skipped, and why); null when nothing. */
  note: string | null;
}

interface Entry {
  task: UploadTask;
  /** How long an item stays UPLOADING after its task succeeded (album photos: spec's 1 s). */
  finishDelayMs: number;
  /** Counts runs, so a stopped run's late reports are ignored. */
  run: number;
  controller: AbortController | null;
  discard: (() => Promise<void>) | null;
  samples: Sample[];
}

let snapshot: Snapshot = { open: false, items: [], note: null };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let nextKey = 0;

const notify = () => listeners.forEach((l) => l());

function set(change: (s: Snapshot) => Snapshot) {
  snapshot = change(snapshot);
  notify();
}

function update(key: string, change: Partial<UploadItem>) {
  set((s) => ({ ...s, items: s.items.map((i) => (i.key === key ? { ...i, ...change } : i)) }));
}

// Progress arrives many times a second; the panel redraws a few times a second, and once a second anyway so a
// stalled upload's speed falls to nothing.
let redraw: ReturnType<typeof setTimeout> | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;
const redrawSoon = () => {
  redraw ??= setTimeout(() => {
    redraw = null;
    notify();
  }, 250);
};

function measure(key: string, loaded: number, total: number) {
  const entry = entries.get(key);
  if (!entry) return;
  entry.samples = [...entry.samples, { at: performance.now(), loaded }].filter(
    (s, i, all) => all.length - i <= 2 || s.at > performance.now() - 5000,
  );
  snapshot = {
    ...snapshot,
    items: snapshot.items.map((i) =>
      i.key === key ? { ...i, loaded, total, speed: speedOf(entry.samples) } : i,
    ),
  };
}

function tick() {
  const uploading = snapshot.items.filter((i) => i.state === 'uploading');
  if (uploading.length === 0 && ticker) {
    clearInterval(ticker);
    ticker = null;
  }
  for (const item of uploading) if (item.total !== null) measure(item.key, item.loaded, item.total);
  notify();
}

function run(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  const runNumber = ++entry.run;
  const controller = new AbortController();
  Object.assign(entry, { controller, samples: [] });
  const current = () => entries.get(key) === entry && entry.run === runNumber;
  update(key, { state: 'uploading', reason: null, speed: null });
  ticker ??= setInterval(tick, 1000);

  entry
    .task({
      signal: controller.signal,
      progress: (loaded, total) => {
        if (!current()) return;
        measure(key, loaded, total);
        redrawSoon();
      },
      pausable: (discard) => {
        if (!current()) return;
        entry.discard = discard;
        update(key, { canPause: true });
      },
    })
    .then(
      () => {
        if (!current()) return;
        entry.discard = null;
        setTimeout(() => current() && update(key, { state: 'done', speed: null }), entry.finishDelayMs);
      },
      (error: unknown) => {
        // Paused: the pause already said so.
        if (!current() || controller.signal.aborted) return;
        update(key, { state: 'failed', speed: null, ...reasonOf(error) });
      },
    );
}

/** The Uploads panel's state: one list for files and album photos, kept while the user moves around the site. */
export const uploads = {
  /** Opens the panel and starts each upload. */
  start(added: { name: string; task: UploadTask; finishDelayMs?: number }[]) {
    const items = added.map(({ name, task, finishDelayMs = 0 }) => {
      const key = `upload-${++nextKey}`;
      entries.set(key, { task, finishDelayMs, run: 0, controller: null, discard: null, samples: [] });
      const item: UploadItem = {
        key,
        name,
        state: 'uploading',
        loaded: 0,
        total: null,
        speed: null,
        reason: null,
        canPause: false,
        canRetry: true,
      };
      return item;
    });
    set((s) => ({ ...s, open: true, items: [...s.items, ...items] }));
    for (const item of items) run(item.key);
  },
  /** Opens the panel saying `note` above its lines (null takes it away). */
  say(note: string | null) {
    set((s) => ({ ...s, open: s.open || note !== null, note }));
  },
  /** Stops an upload that can carry on later; what is stored stays. */
  pause(key: string) {
    const entry = entries.get(key);
    if (!entry?.controller) return;
    update(key, { state: 'paused', speed: null });
    entry.controller.abort(new DOMException('Paused', 'AbortError'));
  },
  /** Carries on a paused upload, or tries a failed one again. */
  resume: run,
  /** Takes an item off the list; a paused or failed upload is given up, freeing what it stored. */
  remove(key: string) {
    const entry = entries.get(key);
    const item = snapshot.items.find((i) => i.key === key);
    if (!entry || !item || item.state === 'uploading') return;
    entries.delete(key);
    if (item.state !== 'done') entry.discard?.().catch(() => {});
    set((s) => ({ ...s, items: s.items.filter((i) => i.key !== key) }));
  },
  /** Hides the panel; running, paused and failed uploads stay for later. Finished ones are cleared. */
  close() {
    for (const item of snapshot.items) if (item.state === 'done') entries.delete(item.key);
    set((s) => ({ open: false, items: s.items.filter((i) => i.state !== 'done'), note: null }));
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Reads the Uploads panel's state and re-renders on every change. */
export function useUploads(): Snapshot {
  // The third is for pages the build prerenders, where nothing is uploading.
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}
