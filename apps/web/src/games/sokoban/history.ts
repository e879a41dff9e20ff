import { undo, type SokobanState } from './logic.ts';

/**
 * A game with its redo list: the states undone since the last new step, the latest undone last. States link
 * back to the ones before them (see `SokobanState.previous`), so only the way forward needs keeping here.
 */
export interface History {
  readonly game: SokobanState;
  readonly undone: readonly SokobanState[];
}

/** A fresh history at `game`, with nothing to redo. */
export function historyAt(game: SokobanState): History {
  return { game, undone: [] };
}

/** Goes on to `next` (a step from the current state); a new step forgets what could be redone. */
export function advanceTo(history: History, next: SokobanState): History {
  return next === history.game ? history : { game: next, undone: [] };
}

/** Takes back the last step, keeping it for redo; unchanged at the level's start. */
export function undoStep(history: History): History {
  const before = undo(history.game);
  if (before === history.game) return history;
  return { game: before, undone: [...history.undone, history.game] };
}

/** Plays again the step last undone; unchanged when nothing was undone. */
export function redoStep(history: History): History {
  const again = history.undone.at(-1);
  if (!again) return history;
  return { game: again, undone: history.undone.slice(0, -1) };
}

/** Whether there is a step to redo. */
export function canRedo(history: History): boolean {
  return history.undone.length > 0;
}
