import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { drawScene } from './draw.ts';
import { cellAt, HEIGHT, layoutFor, onFace, WIDTH } from './layout.ts';
import {
  activate,
  begin,
  elapsedSeconds,
  LEVELS,
  minesLeft,
  newGame,
  toggleFlag,
  type Game,
  type LevelName,
} from './logic.ts';
import { loadKeptGame, saveKeptGame } from './kept-game.ts';
import { useBoardMaker } from './useBoardMaker.ts';
import { usePinchPan } from './usePinchPan.ts';
import { useCanvasScale } from '../canvas-scale.ts';
import styles from './minesweeper.module.css';

/** How long a finger must rest on a cell to flag it instead of opening it. */
const LONG_PRESS_MS = 400;
/** A finger that moves further than this (in CSS pixels) is not a tap or a long press. */
const TAP_SLOP = 10;

const LEVEL_LABELS: Record<LevelName, string> = {
  beginner: 'Beginner 9×9',
  intermediate: 'Intermediate 16×16',
  expert: 'Expert 30×16',
};

interface Press {
  readonly face: boolean;
  cell: number | null;
  readonly touch: boolean;
  readonly startX: number;
  readonly startY: number;
  timer: number;
  flagged: boolean;
}

const STATUS_TEXT: Record<Game['status'], string> = {
  ready: 'Click any square to start: the first one is always safe.',
  playing: 'Clear every square that hides no mine.',
  won: 'You win! Every mine is found.',
  lost: 'Boom! You hit a mine. Press Restart to try again.',
};

/** Classic minesweeper with three sizes, flags (right click or long press), chording and keyboard play. */
export default function MinesweeperView() {
  const [levelName, setLevelName] = useState<LevelName>('beginner');
  const level = LEVELS[levelName];
  const [game, setGame] = useState(() => newGame(LEVELS.beginner));
  const [now, setNow] = useState(() => Date.now());
  const [cursor, setCursor] = useState(40);
  const [keyboard, setKeyboard] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState<number | null>(null);
  const [facePressed, setFacePressed] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scale = useCanvasScale(canvasRef, WIDTH);
  const press = useRef<Press | null>(null);
  const layout = useMemo(() => layoutFor(level), [level]);
  const { makeBoard, cancel } = useBoardMaker();
  const pinch = usePinchPan(canvasRef, layout, scale !== null);
  const { view } = pinch;

  // A game under way survives a reload or a visit to another page (this tab only); read once the page is live,
  // so a prerendered page first shows the board it was built with.
  useEffect(() => {
    const kept = loadKeptGame(Date.now());
    if (!kept) return;
    setLevelName(kept.levelName);
    setGame(kept.game);
  }, []);

  useEffect(() => saveKeptGame(levelName, game, Date.now()), [levelName, game]);

  useEffect(() => {
    if (game.status !== 'playing') return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [game.status]);

  useEffect(() => {
    if (!scale) return;
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const zoom = scale * view.zoom;
    ctx.setTransform(zoom, 0, 0, zoom, -view.x * zoom, -view.y * zoom);
    drawScene(ctx, { game, layout, cursor: focused && keyboard ? cursor : null, pressed, facePressed }, now);
  }, [game, layout, cursor, focused, keyboard, pressed, facePressed, now, scale, view]);

  const restart = (name: LevelName = levelName) => {
    const next = LEVELS[name];
    cancel();
    if (name === levelName) pinch.reset();
    setGame(newGame(next));
    setCursor(Math.floor(next.rows / 2) * next.cols + Math.floor(next.cols / 2));
    setNow(Date.now());
  };

  const open = (cell: number) => {
    const time = Date.now();
    setNow(time);
    if (game.status !== 'ready') {
      setGame(activate(game, cell, Math.random, time));
      return;
    }
    // The first click waits for the worker's board; a second one meanwhile only asks again for its own cell.
    if (game.cells[cell] !== 'hidden') return;
    void makeBoard(level, cell).then((mines) => setGame((current) => begin(current, mines, cell, time)));
  };

  const flag = (cell: number) => setGame(toggleFlag(game, cell));

  const toCanvas = (event: PointerEvent<HTMLCanvasElement>) =>
    pinch.drawingAt(event.currentTarget, { x: event.clientX, y: event.clientY });

  const endPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
    setPressed(null);
    setFacePressed(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    setKeyboard(false);
    const { x, y } = toCanvas(event);
    const touch = event.pointerType !== 'mouse';
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // A second finger makes a pinch: whatever the first one was pressing is not a tap any more.
    if (touch && pinch.fingerDown(event.pointerId, { x: event.clientX, y: event.clientY }) > 1) {
      endPress();
      return;
    }
    if (onFace(layout, x, y)) {
      press.current = {
        face: true,
        cell: null,
        touch,
        startX: event.clientX,
        startY: event.clientY,
        timer: 0,
        flagged: false,
      };
      setFacePressed(true);
      return;
    }
    const cell = cellAt(layout, level, x, y);
    if (cell === null) return;
    setCursor(cell);
    if (!touch && event.button === 2) {
      flag(cell);
      return;
    }
    const current: Press = {
      face: false,
      cell,
      touch,
      startX: event.clientX,
      startY: event.clientY,
      timer: 0,
      flagged: false,
    };
    if (touch) {
      current.timer = window.setTimeout(() => {
        current.flagged = true;
        setPressed(null);
        setGame((g) => toggleFlag(g, cell));
        navigator.vibrate?.(30);
      }, LONG_PRESS_MS);
    }
    press.current = current;
    setPressed(cell);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = press.current;
    if (pinch.isFinger(event.pointerId)) {
      if (current?.face || current?.flagged) return;
      const to = { x: event.clientX, y: event.clientY };
      // A finger that stays within the slop is still a tap or a long press; past it, it drags the board.
      if (current && Math.hypot(to.x - current.startX, to.y - current.startY) <= TAP_SLOP) return;
      if (current) endPress();
      pinch.fingerMove(event.currentTarget, event.pointerId, to);
      return;
    }
    if (!current || current.face || current.flagged) return;
    const { x, y } = toCanvas(event);
    const cell = cellAt(layout, level, x, y);
    if (cell !== current.cell) {
      current.cell = cell;
      setPressed(cell);
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    pinch.fingerUp(event.pointerId);
    const current = press.current;
    if (!current) return;
    const { x, y } = toCanvas(event);
    if (current.face) {
      if (onFace(layout, x, y)) restart();
    } else if (!current.flagged && current.cell !== null && cellAt(layout, level, x, y) === current.cell) {
      open(current.cell);
    }
    endPress();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const steps: Record<string, readonly [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = steps[event.key];
    if (step) {
      const row = Math.min(level.rows - 1, Math.max(0, Math.floor(cursor / level.cols) + step[0]));
      const col = Math.min(level.cols - 1, Math.max(0, (cursor % level.cols) + step[1]));
      setCursor(row * level.cols + col);
    } else if (event.key === 'Enter' || event.key === ' ') open(cursor);
    else if (event.key === 'f' || event.key === 'F') flag(cursor);
    else return;
    event.preventDefault();
    setKeyboard(true);
  };

  const statusClass = game.status === 'won' ? styles.won : game.status === 'lost' ? styles.lost : '';
  return (
    <div className={styles.game}>
      <div className={`row ${styles.controls}`}>
        <label className={styles.field}>
          Difficulty
          <select
            className="input"
            value={levelName}
            onChange={(event) => {
              const name = event.target.value as LevelName;
              setLevelName(name);
              restart(name);
            }}
          >
            {(Object.keys(LEVEL_LABELS) as LevelName[]).map((name) => (
              <option key={name} value={name}>
                {LEVEL_LABELS[name]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={() => restart()}>
          Restart
        </button>
      </div>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        width={Math.round(WIDTH * (scale ?? 1))}
        height={Math.round(HEIGHT * (scale ?? 1))}
        tabIndex={0}
        role="img"
        aria-label={`Minesweeper field, ${level.cols} by ${level.rows}, ${minesLeft(game)} mines left`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(event) => {
          pinch.fingerUp(event.pointerId);
          endPress();
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onContextMenu={(event) => event.preventDefault()}
      />
      <p className={`${styles.status} ${statusClass}`} aria-live="polite" data-testid="minesweeper-status">
        {game.status === 'won'
          ? `You win! Cleared in ${elapsedSeconds(game, now)} s.`
          : STATUS_TEXT[game.status]}
      </p>
      <p className={styles.counters} data-testid="minesweeper-counters">
        Mines left <strong>{minesLeft(game)}</strong> · Time <strong>{elapsedSeconds(game, now)}</strong> s
      </p>
      <p className={styles.hint}>
        Click to open a square, right-click or long-press to flag it, click a number whose flags are all
        placed to open its neighbours. Keyboard: arrow keys move, Enter or Space opens, F flags. On a touch
        screen, pinch to zoom and drag to move the board.
      </p>
    </div>
  );
}
