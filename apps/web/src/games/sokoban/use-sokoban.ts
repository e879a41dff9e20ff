import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInBrowser } from '../../ui/useInBrowser.ts';
import type { Motion } from './draw.ts';
import { neighbour } from './level.ts';
import { LEVELS, levelXsb } from './levels.ts';
import { advanceTo, historyAt, redoStep, undoStep, type History } from './history.ts';
import { loadKeptMoves, movesOf, replayMoves, saveKeptMoves } from './kept-moves.ts';
import { initialState, isSolved, move, parseLevel, restart, walkTo, type Direction } from './logic.ts';
import { loadCurrent, loadSolved, saveCurrent, saveSolved } from './progress.ts';

/** The level being played (index into LEVELS), its position and what can be redone. */
export interface Play extends History {
  readonly index: number;
}

/** The latest step's slide, stamped with when it started. */
export interface MotionStamp {
  readonly motion: Motion;
  readonly started: number;
}

/** Pause between the steps of a walk to a tapped cell. */
const WALK_STEP_MS = 90;

function playAt(index: number): Play {
  const data = LEVELS[index] ?? LEVELS[0];
  if (!data) throw new Error('No Sokoban levels are shipped');
  return { index, ...historyAt(initialState(parseLevel(levelXsb(data)))) };
}

/** Where a return visit starts: the level last played, with the moves kept from it when they still fit. */
function savedPlay(): Play {
  const id = loadCurrent();
  const index = Math.max(
    0,
    LEVELS.findIndex((level) => level.id === id),
  );
  const play = playAt(index);
  const kept = loadKeptMoves();
  if (!kept || kept.level !== LEVELS[index]?.id) return play;
  const game = replayMoves(play.game.level, kept.moves);
  return game ? { index, ...historyAt(game) } : play;
}

/** Keeps an unfinished level's moves for the next visit; a solved or restarted level keeps none. */
function keep(play: Play): void {
  const id = LEVELS[play.index]?.id;
  if (id === undefined) return;
  saveKeptMoves(isSolved(play.game) ? null : { level: id, moves: movesOf(play.game) });
}

/**
 * Sokoban session state for the view: the current level and position, solved levels (kept in
 * localStorage), the slide of the last step for drawing, and walks to a tapped cell.
 */
export function useSokoban() {
  // Progress is this browser's: a page prerendered without it starts at the first level and moves on to the
  // saved one once taken over.
  const inBrowser = useInBrowser();
  const [fromPrerendered] = useState(!inBrowser);
  const [play, setPlay] = useState<Play>(() => (inBrowser ? savedPlay() : playAt(0)));
  const [solvedIds, setSolvedIds] = useState<ReadonlySet<number>>(() =>
    inBrowser ? loadSolved() : new Set(),
  );
  useEffect(() => {
    if (!fromPrerendered || !inBrowser) return;
    setSolvedIds(loadSolved());
    const saved = savedPlay();
    if (saved.index !== 0 || saved.game.moves > 0) {
      playRef.current = saved;
      setPlay(saved);
    }
  }, [fromPrerendered, inBrowser]);
  const playRef = useRef(play);
  const motionRef = useRef<MotionStamp | null>(null);
  const walkTimer = useRef<number | undefined>(undefined);

  const apply = useCallback((next: Play, motion: Motion | null = null) => {
    playRef.current = next;
    motionRef.current = motion ? { motion, started: performance.now() } : null;
    setPlay(next);
    keep(next);
    if (!isSolved(next.game)) return;
    const id = LEVELS[next.index]?.id;
    if (id === undefined) return;
    setSolvedIds((prev) => {
      if (prev.has(id)) return prev;
      const solved = new Set(prev).add(id);
      saveSolved(solved);
      return solved;
    });
  }, []);

  const stopWalking = useCallback(() => {
    window.clearTimeout(walkTimer.current);
    walkTimer.current = undefined;
  }, []);

  const step = useCallback(
    (dir: Direction): boolean => {
      const current = playRef.current;
      if (isSolved(current.game)) return false;
      const next = move(current.game, dir);
      if (next === current.game) return false;
      const pushed = next.pushes > current.game.pushes;
      const box = pushed ? ([next.player, neighbour(next.level, next.player, dir)] as const) : null;
      apply({ ...current, ...advanceTo(current, next) }, { player: [current.game.player, next.player], box });
      return true;
    },
    [apply],
  );

  const goTo = useCallback(
    (index: number) => {
      stopWalking();
      const next = playAt(Math.max(0, Math.min(LEVELS.length - 1, index)));
      const id = LEVELS[next.index]?.id;
      if (id !== undefined) saveCurrent(id);
      apply(next);
    },
    [apply, stopWalking],
  );

  const actions = useMemo(
    () => ({
      /** One step from the keyboard, a swipe or a tap next to the keeper. */
      move: (dir: Direction) => {
        stopWalking();
        step(dir);
      },
      /** Walks (without pushing) to a tapped cell, one step at a time so the player can follow it. */
      walkTo: (cell: number) => {
        stopWalking();
        const path = walkTo(playRef.current.game, cell);
        if (!path || path.length === 0) return;
        const next = (i: number) => {
          const dir = path[i];
          if (!dir || !step(dir)) return;
          walkTimer.current = window.setTimeout(() => next(i + 1), WALK_STEP_MS);
        };
        next(0);
      },
      undo: () => {
        stopWalking();
        const current = playRef.current;
        apply({ ...current, ...undoStep(current) });
      },
      redo: () => {
        stopWalking();
        const current = playRef.current;
        apply({ ...current, ...redoStep(current) });
      },
      restart: () => {
        stopWalking();
        const current = playRef.current;
        apply({ ...current, ...historyAt(restart(current.game)) });
      },
      goTo,
    }),
    [apply, goTo, step, stopWalking],
  );

  useEffect(() => stopWalking, [stopWalking]);

  return { play, playRef, motionRef, solvedIds, actions };
}
