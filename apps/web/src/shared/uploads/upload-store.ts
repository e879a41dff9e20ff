import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isUnreachable } from '../../api/messages.ts';
import { reasonOf } from './reason.ts';
import { speedOf, type Sample } from './speed.ts';
import {
  forgetUnfinished,
  keepUnfinished,
  readUnfinished,
  sameFile,
  sameUpload,
  type Unfinished,
} from './unfinished.ts';

/** What a running upload is given: how to report, how it is stopped, and whether it can pause. */
export interface UploadRun {
  /** Aborts when the user pauses the upload (or it is run again). */
  signal: AbortSignal;
  /** Bytes stored of `total`; call as often as bytes move. */
  progress: (loaded: number, total: number) => void;
  /**
   * Says this upload can stop and carry on later where it was (pausing aborts `signal`; resuming runs the task
   * again, which must then skip what is stored). `discard` frees what was stored when the user gives it up. Such
   * an upload also waits out a lost connection and carries on by itself when it returns.
   */
  pausable: (discard: () => Promise<void>) => void;
}

/** One upload as the panel runs it; running it again must be safe (that is Retry and Resume). */
export type UploadTask = (run: UploadRun) => Promise<void>;

/** One line of the Uploads panel. */
export interface UploadItem {
  key: string;
  name: string;
  /**
   * Spec: files read UPLOADING then DONE; album photos UPLOADING then FINISHED, both shown as DONE. `offline`
   * waits for the connection and carries on by itself; `unfinished` was left by an earlier page and carries on
   * once the member chooses the same file again.
   */
  state: 'uploading' | 'offline' | 'paused' | 'done' | 'failed' | 'unfinished';
  /** Where it goes, in words (a folder's name), when the feature said. */
  place: string | null;
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
  /** Null for an unfinished upload until its file is chosen again. */
  task: UploadTask | null;
  /** What a reload keeps of it, for an upload that can carry on. */
  unfinished: Unfinished | null;
  /** How long an item stays UPLOADING after its task succeeded (album photos: spec's 1 s). */
  finishDelayMs: number;
  /** Counts runs, so a stopped run's late reports are ignored. */
  run: number;
  controller: AbortController | null;
  discard: (() => Promise<void>) | null;
  samples: Sample[];
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let nextKey = 0;
/** How long a finished item stays on the list. */
export const clearDoneMs = 5000;
/** How long an upload waits before trying again when the browser thinks it is online but the site is unreachable. */
export const unreachableRetryMs = 15_000;

const newItem = (key: string, name: string, place: string | null): UploadItem => ({
  key,
  name,
  place,
  state: 'uploading',
  loaded: 0,
  total: null,
  speed: null,
  reason: null,
  canPause: false,
  canRetry: true,
});

/** The uploads a page before this one left unfinished, listed as the panel opens. */
function leftUnfinished(): UploadItem[] {
  if (typeof localStorage === 'undefined') return [];
  return readUnfinished().map((unfinished) => {
    const key = `upload-${++nextKey}`;
    entries.set(key, { ...newEntry(null, 0), unfinished });
    return {
      ...newItem(key, unfinished.name, unfinished.place),
      state: 'unfinished',
      total: unfinished.size,
    };
  });
}

const newEntry = (task: UploadTask | null, finishDelayMs: number): Entry => ({
  task,
  unfinished: null,
  finishDelayMs,
  run: 0,
  controller: null,
  discard: null,
  samples: [],
});

const leftOver = leftUnfinished();
const continuers = new Map<string, (file: File, target: string) => UploadTask>();
let snapshot: Snapshot = { open: leftOver.length > 0, items: leftOver, note: null };
const emptySnapshot: Snapshot = { open: false, items: [], note: null };

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

const stateOf = (key: string) => snapshot.items.find((i) => i.key === key)?.state;

function run(key: string) {
  const entry = entries.get(key);
  if (!entry?.task) return;
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
        // Landed: nothing is left to give up, to wait for the connection for, or to carry on after a reload.
        entry.discard = null;
        if (entry.unfinished) forgetUnfinished(entry.unfinished);
        entry.unfinished = null;
        setTimeout(() => {
          if (!current()) return;
          update(key, { state: 'done', speed: null });
          setTimeout(() => current() && stateOf(key) === 'done' && clear(key), clearDoneMs);
        }, entry.finishDelayMs);
      },
      (error: unknown) => {
        // Paused or cut off: that already said so.
        if (!current() || controller.signal.aborted) return;
        if ((entry.discard || entry.unfinished) && isUnreachable(error)) return waitForConnection(key);
        const reason = reasonOf(error);
        if (!reason.canRetry && entry.unfinished) forgetUnfinished(entry.unfinished);
        update(key, { state: 'failed', speed: null, ...reason });
      },
    );
}

/**
 * Holds an upload that can carry on until the connection is back: when the browser says so, or after a while
 * when it thinks it is online and only the site was out of reach.
 */
function waitForConnection(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  entry.controller?.abort(new DOMException('Offline', 'AbortError'));
  update(key, { state: 'offline', speed: null });
  if (onlineManager.isOnline()) {
    const runNumber = entry.run;
    setTimeout(() => {
      if (entries.get(key) === entry && entry.run === runNumber && stateOf(key) === 'offline') run(key);
    }, unreachableRetryMs);
  }
}

function onConnection(online: boolean) {
  for (const item of snapshot.items) {
    const entry = entries.get(item.key);
    if (online && item.state === 'offline') run(item.key);
    else if (!online && item.state === 'uploading' && (entry?.discard || entry?.unfinished))
      waitForConnection(item.key);
  }
}
if (typeof window !== 'undefined') onlineManager.subscribe(onConnection);

/** Takes an item off the list, and hides the panel once nothing is left on it. */
function clear(key: string) {
  entries.delete(key);
  set((s) => {
    const items = s.items.filter((i) => i.key !== key);
    return { ...s, open: s.open && items.length > 0, items };
  });
}

/** The Uploads panel's state: one list for files and album photos, kept while the user moves around the site. */
export const uploads = {
  /**
   * Opens the panel and starts each upload. One that says what a reload should keep (`unfinished`) is listed after
   * one until it finishes, and takes the place of the same upload a page before this one left unfinished.
   */
  start(added: { name: string; task: UploadTask; finishDelayMs?: number; unfinished?: Unfinished }[]) {
    const items = added.map(({ name, task, finishDelayMs = 0, unfinished }) => {
      const key = `upload-${++nextKey}`;
      entries.set(key, { ...newEntry(task, finishDelayMs), unfinished: unfinished ?? null });
      if (unfinished) keepUnfinished(unfinished);
      return newItem(key, name, unfinished?.place ?? null);
    });
    const replaced = (item: UploadItem) => {
      const left = item.state === 'unfinished' ? entries.get(item.key)?.unfinished : null;
      return !!left && added.some((a) => a.unfinished && sameUpload(a.unfinished, left));
    };
    const gone = new Set(snapshot.items.filter(replaced).map((i) => i.key));
    for (const key of gone) entries.delete(key);
    set((s) => ({ ...s, open: true, items: [...s.items.filter((i) => !gone.has(i.key)), ...items] }));
    for (const item of items) run(item.key);
  },
  /** Opens the panel saying `note` above its lines (null takes it away). */
  say(note: string | null) {
    set((s) => ({ ...s, open: s.open || note !== null, note }));
  },
  /** Adds `sentence` to what the panel says above its lines (once), keeping what it said already. */
  tell(sentence: string) {
    set((s) => ({
      ...s,
      open: true,
      note: s.note === null ? sentence : s.note.includes(sentence) ? s.note : `${s.note} ${sentence}`,
    }));
  },
  /** Stops an upload that can carry on later; what is stored stays. */
  pause(key: string) {
    const entry = entries.get(key);
    const state = stateOf(key);
    if (!entry?.discard || (state !== 'uploading' && state !== 'offline')) return;
    update(key, { state: 'paused', speed: null });
    entry.controller?.abort(new DOMException('Paused', 'AbortError'));
  },
  /** Carries on a paused upload, or tries a failed one again. */
  resume: run,
  /**
   * Carries on an upload a page before this one left unfinished, once the member chose its file again: the
   * feature named by its `kind` makes the task (see `continueAs`). Another file is refused, saying which to choose.
   */
  continueWith(key: string, file: File) {
    const entry = entries.get(key);
    const unfinished = entry?.unfinished;
    if (!entry || !unfinished || stateOf(key) !== 'unfinished') return;
    const carryOn = continuers.get(unfinished.kind);
    if (!sameFile(unfinished, file) || !carryOn) {
      update(key, { reason: `That is another file. Choose ${unfinished.name} again to continue.` });
      return;
    }
    entry.task = carryOn(file, unfinished.target);
    keepUnfinished(unfinished);
    update(key, { reason: null });
    run(key);
  },
  /** Says how uploads of `kind` carry on once their file is chosen again after a reload. */
  continueAs(kind: string, carryOn: (file: File, target: string) => UploadTask) {
    continuers.set(kind, carryOn);
  },
  /**
   * Takes an item off the list. An upload not finished is given up (Cancel), freeing what it stored; one still
   * running only when it can carry on (it is stopped first).
   */
  remove(key: string) {
    const entry = entries.get(key);
    const item = snapshot.items.find((i) => i.key === key);
    if (!entry || !item || (item.state === 'uploading' && !entry.discard)) return;
    entry.controller?.abort(new DOMException('Cancelled', 'AbortError'));
    if (item.state !== 'done') {
      entry.discard?.().catch(() => {});
      if (entry.unfinished) forgetUnfinished(entry.unfinished);
    }
    entries.delete(key);
    set((s) => ({ ...s, items: s.items.filter((i) => i.key !== key) }));
  },
  /** Hides the panel; running, paused, failed and unfinished uploads stay for later. Finished ones are cleared. */
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
  // The third is for pages the build prerenders, where nothing is uploading (and for adopting them).
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => emptySnapshot,
  );
}
