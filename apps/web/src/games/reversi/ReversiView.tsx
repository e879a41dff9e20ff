import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { Level } from './ai.ts';
import { drawScene, type Scene } from './draw.ts';
import { HEIGHT, squareAt, WIDTH } from './geometry.ts';
import { loadKeptGame, saveKeptGame } from './kept-game.ts';
import { useCanvasScale } from '../canvas-scale.ts';
import styles from './reversi.module.css';
import { legalMoves, score } from './rules.ts';
import { advance, canPlay, computerToMove, HUMAN, newSession, statusText, type Session } from './session.ts';
import { useComputer } from './useComputer.ts';

/** The computer never answers faster than this, so its move can be seen arriving after the player's flips. */
const MIN_THINK_MS = 500;

const LEVEL_NAMES: Record<Level, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' };

interface Shown {
  readonly session: Session;
  /** When the last move started to animate (performance.now time). */
  readonly since: number;
}

const KEY_STEPS: Record<string, readonly [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Reversi against the computer: the player is black and moves first; the search runs in a Web Worker. */
export default function ReversiView() {
  const [shown, setShown] = useState<Shown>(() => ({ session: newSession(), since: 0 }));
  const [level, setLevel] = useState<Level>('medium');
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState(19);
  const [keyboard, setKeyboard] = useState(false);
  const [focused, setFocused] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scale = useCanvasScale(canvasRef, WIDTH);
  const pressed = useRef<number | null>(null);
  const levelRef = useRef(level);
  const think = useComputer();
  const { session } = shown;

  useEffect(() => {
    levelRef.current = level;
  }, [level]);

  // A game under way survives a reload or a visit to another page (this tab only); read once the page is live,
  // so a prerendered page first shows the board it was built with.
  useEffect(() => {
    const kept = loadKeptGame();
    if (!kept) return;
    setLevel(kept.level);
    setShown({ session: kept.session, since: 0 });
  }, []);

  useEffect(() => saveKeptGame(session, level), [session, level]);

  useEffect(() => {
    if (!computerToMove(session)) return;
    let cancelled = false;
    let timer = 0;
    const started = performance.now();
    void think(session.position, levelRef.current).then((move) => {
      if (cancelled) return;
      const wait = Math.max(0, MIN_THINK_MS - (performance.now() - started));
      timer = window.setTimeout(() => {
        setShown((current) =>
          current.session === session
            ? { session: advance(session, move), since: performance.now() }
            : current,
        );
      }, wait);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [session, think]);

  const counts = score(session.position);
  const humanTurn = !session.over && session.position.toMove === HUMAN;
  const scene = useMemo<Scene>(() => {
    const { black, white } = score(session.position);
    let result: string | null = null;
    if (session.over) result = black > white ? 'You win!' : black < white ? 'Computer wins' : 'Draw';
    return {
      position: session.position,
      hints: humanTurn ? legalMoves(session.position) : [],
      lastMove: session.lastMove,
      hover,
      cursor: focused && keyboard ? cursor : null,
      flipped: session.flipped,
      animationStart: shown.since,
      thinking: computerToMove(session),
      result,
      counts: { black, white },
    };
  }, [session, shown.since, humanTurn, hover, focused, keyboard, cursor]);

  useEffect(() => {
    if (!scale) return;
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    let frame = 0;
    const paint = () => {
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      const moving = drawScene(ctx, scene, performance.now());
      // Browser tests wait for a still board before a screenshot.
      ctx.canvas.dataset.animating = String(moving);
      if (moving) frame = requestAnimationFrame(paint);
    };
    paint();
    return () => cancelAnimationFrame(frame);
  }, [scene, scale]);

  const tryPlay = useCallback(
    (sq: number) => {
      if (canPlay(session, sq)) {
        setNotice(null);
        setShown({ session: advance(session, sq), since: performance.now() });
      } else if (!session.over && session.position.toMove === HUMAN) {
        setNotice('That square turns no discs: pick one of the marked squares.');
      }
    },
    [session],
  );

  const squareFromPointer = (event: PointerEvent<HTMLCanvasElement>): number | null => {
    const rect = event.currentTarget.getBoundingClientRect();
    const units = WIDTH / rect.width;
    return squareAt((event.clientX - rect.left) * units, (event.clientY - rect.top) * units);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    setKeyboard(false);
    pressed.current = squareFromPointer(event);
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const sq = squareFromPointer(event);
    if (sq !== null && sq === pressed.current) {
      setCursor(sq);
      tryPlay(sq);
    }
    pressed.current = null;
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse') setHover(squareFromPointer(event));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = KEY_STEPS[event.key];
    if (step) {
      event.preventDefault();
      setKeyboard(true);
      setCursor((sq) => {
        const row = Math.min(7, Math.max(0, (sq >> 3) + step[0]));
        const col = Math.min(7, Math.max(0, (sq & 7) + step[1]));
        return row * 8 + col;
      });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setKeyboard(true);
      tryPlay(cursor);
    }
  };

  const newGame = () => {
    setNotice(null);
    setShown({ session: newSession(), since: performance.now() });
  };

  return (
    <div className={styles.game}>
      <div className={`row ${styles.controls}`}>
        <button type="button" className="btn btn-primary" onClick={newGame}>
          New game
        </button>
        <label className={styles.field}>
          Strength
          <select className="input" value={level} onChange={(event) => setLevel(event.target.value as Level)}>
            {(Object.keys(LEVEL_NAMES) as Level[]).map((key) => (
              <option key={key} value={key}>
                {LEVEL_NAMES[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        width={Math.round(WIDTH * (scale ?? 1))}
        height={Math.round(HEIGHT * (scale ?? 1))}
        tabIndex={0}
        role="img"
        aria-label={`Reversi board. You have ${counts.black} discs, the computer ${counts.white}.`}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onContextMenu={(event) => event.preventDefault()}
      />
      <p className={styles.status} aria-live="polite" data-testid="reversi-status">
        {notice ?? statusText(session)}
      </p>
      <p className={styles.score} data-testid="reversi-score">
        You (black) <strong>{counts.black}</strong> · Computer (white) <strong>{counts.white}</strong>
      </p>
      <p className={styles.hint}>
        Click or tap a marked square to place a disc. Keyboard: arrow keys move the yellow cursor, Enter or
        Space plays.
      </p>
    </div>
  );
}
