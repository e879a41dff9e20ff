import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useInBrowser } from '../../ui/useInBrowser.ts';
import { loadBestScore, saveBestScore } from './best-score.ts';
import { drawSnek, type Particle } from './draw.ts';
import { loadKeptGame, saveKeptGame } from './kept-game.ts';
import {
  createGame,
  queueTurn,
  start,
  step,
  tickMs,
  togglePause,
  type Direction,
  type Point,
  type SnekState,
  type Status,
} from './logic.ts';

/** What the controls around the canvas show. */
export interface SnekHud {
  readonly score: number;
  readonly best: number;
  readonly length: number;
  readonly status: Status;
  readonly won: boolean;
  /** Where the snake is going (on the board as `data-heading`, for browser tests to wait on). */
  readonly heading: Direction;
}

/** The player's intents, already mapped from keys, buttons, taps and swipes. */
export interface SnekActions {
  turn: (dir: Direction) => void;
  /** Space: start, pause, resume, or play again, depending on the state. */
  primary: () => void;
  /** A tap on the board: like `primary`, but never pauses a running game. */
  tap: () => void;
  pause: () => void;
  restart: () => void;
}

interface Game {
  state: SnekState;
  previous: readonly Point[];
  sinceTick: number;
  particles: Particle[];
  best: number;
}

const rng = () => Math.random();

function hudOf(game: Game): SnekHud {
  const { state, best } = game;
  return {
    score: state.score,
    best,
    length: state.snake.length,
    status: state.status,
    won: state.won,
    heading: state.direction,
  };
}

function burst(at: Point): Particle[] {
  return Array.from({ length: 14 }, (_, i) => {
    const angle = (i / 14) * Math.PI * 2;
    const speed = 2.5 + (i % 3);
    return {
      x: at.x + 0.5,
      y: at.y + 0.5,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      life: 1,
    };
  });
}

/**
 * Runs a game of Snek on `canvasRef`, drawn `scale` backing pixels per board unit (nothing is drawn while it is
 * null): the tick loop (requestAnimationFrame, ticking at the speed the rules give for the snake's length),
 * drawing, the best score, and pausing when the page is hidden. Leaving the page (or the view) saves the best score
 * and keeps an unfinished game for this tab, which comes back paused.
 */
export function useSnekGame(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  scale: number | null,
): {
  hud: SnekHud;
  actions: SnekActions;
} {
  const gameRef = useRef<Game | null>(null);
  // Asks for frames again after the loop stopped on a still picture (see the drawing effect).
  const wakeRef = useRef<() => void>(() => undefined);
  // The best score is this browser's: a page prerendered without it reads it once taken over (below).
  const inBrowser = useInBrowser();
  if (gameRef.current === null) {
    const state = (inBrowser ? loadKeptGame() : null) ?? createGame(rng);
    const best = inBrowser ? loadBestScore() : 0;
    gameRef.current = { state, previous: state.snake, sinceTick: 0, particles: [], best };
  }
  const [hud, setHud] = useState<SnekHud>(() => hudOf(gameRef.current as Game));

  const publish = useCallback(() => {
    const next = hudOf(gameRef.current as Game);
    setHud((prev) =>
      prev.score === next.score &&
      prev.best === next.best &&
      prev.length === next.length &&
      prev.status === next.status &&
      prev.won === next.won &&
      prev.heading === next.heading
        ? prev
        : next,
    );
  }, []);

  useEffect(() => {
    if (!inBrowser) return;
    const game = gameRef.current as Game;
    game.best = Math.max(game.best, loadBestScore());
    const kept = game.state.status === 'ready' ? loadKeptGame() : null;
    if (kept) {
      game.state = kept;
      game.previous = kept.snake;
    }
    publish();
  }, [inBrowser, publish]);

  const update = useCallback(
    (change: (state: SnekState) => SnekState) => {
      const game = gameRef.current as Game;
      const next = change(game.state);
      if (next === game.state) return;
      if (next.status === 'running' && game.state.status !== 'running') game.sinceTick = 0;
      game.state = next;
      publish();
      wakeRef.current();
    },
    [publish],
  );

  const advance = useCallback((game: Game) => {
    const before = game.state;
    game.previous = before.snake;
    game.state = step(before, rng);
    if (game.state.score > before.score && before.food) game.particles.push(...burst(before.food));
    if (game.state.status === 'over') {
      game.best = saveBestScore(game.state.score);
      saveKeptGame(game.state);
    }
  }, []);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || !scale) return undefined;
    let frameId = 0;
    let last = performance.now();
    const frame = (now: number) => {
      frameId = 0;
      const game = gameRef.current as Game;
      // A long gap means the tab was in the background; do not replay it as a burst of ticks.
      const dt = Math.min(now - last, 100);
      last = now;
      if (game.state.status === 'running') {
        game.sinceTick += dt;
        while (
          game.state.status === 'running' &&
          game.sinceTick >= tickMs(game.state.snake.length, game.state.config)
        ) {
          game.sinceTick -= tickMs(game.state.snake.length, game.state.config);
          advance(game);
          publish();
        }
      }
      game.particles = game.particles
        .map((p) => ({
          x: p.x + (p.vx * dt) / 1000,
          y: p.y + (p.vy * dt) / 1000,
          vx: p.vx,
          vy: p.vy,
          life: p.life - dt / 450,
        }))
        .filter((p) => p.life > 0);
      const interval = tickMs(game.state.snake.length, game.state.config);
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      drawSnek(ctx, {
        state: game.state,
        previous: game.previous,
        progress: Math.min(1, game.sinceTick / interval),
        time: now,
        particles: game.particles,
        best: game.best,
      });
      // Ready, paused or over with no sparks left, the picture stands still: no frame is asked for until the
      // game changes, so an open page does not keep a phone's processor busy (the food's pulse waits too).
      if (game.state.status === 'running' || game.particles.length > 0)
        frameId = requestAnimationFrame(frame);
    };
    const wake = () => {
      if (frameId) return;
      last = performance.now();
      frameId = requestAnimationFrame(frame);
    };
    wakeRef.current = wake;
    wake();
    return () => {
      cancelAnimationFrame(frameId);
      wakeRef.current = () => undefined;
    };
  }, [canvasRef, advance, publish, scale]);

  useEffect(() => {
    const pauseIfRunning = () => update((s) => (s.status === 'running' ? togglePause(s) : s));
    // Whatever happens to the page next (another page, a closed tab, a killed phone browser), the score is safe.
    const keep = () => {
      const game = gameRef.current as Game;
      game.best = saveBestScore(game.state.score);
      saveKeptGame(game.state);
    };
    const onVisibility = () => {
      if (!document.hidden) return;
      pauseIfRunning();
      keep();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', keep);
    window.addEventListener('blur', pauseIfRunning);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', keep);
      window.removeEventListener('blur', pauseIfRunning);
      // Unmounted: the player went to another page of the site.
      keep();
    };
  }, [update]);

  const actions = useMemo<SnekActions>(() => {
    const restart = () => {
      const game = gameRef.current as Game;
      game.best = saveBestScore(game.state.score);
      const fresh = start(createGame(rng, game.state.config));
      game.previous = fresh.snake;
      game.particles = [];
      update(() => fresh);
    };
    return {
      turn: (dir) => update((s) => queueTurn(start(s), dir)),
      primary: () => {
        const { status } = (gameRef.current as Game).state;
        if (status === 'over') restart();
        else update((s) => (s.status === 'ready' ? start(s) : togglePause(s)));
      },
      tap: () => {
        const { status } = (gameRef.current as Game).state;
        if (status === 'over') restart();
        else if (status !== 'running') update((s) => (s.status === 'ready' ? start(s) : togglePause(s)));
      },
      // P pauses and resumes; before the first move there is nothing to pause, so it does nothing.
      pause: () => update(togglePause),
      restart,
    };
  }, [update]);

  return { hud, actions };
}
