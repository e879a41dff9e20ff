import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useCanvasScale } from '../canvas-scale.ts';
import { CANVAS_HEIGHT, CANVAS_WIDTH } from './draw.ts';
import { keyDirection, type Direction } from './logic.ts';
import { belongsToControl } from '../keyboard.ts';
import styles from './snek.module.css';
import { swipeMove, type SwipeOrigin } from './swipe.ts';
import { useSnekGame, type SnekHud } from './use-snek-game.ts';

const STATUS_TEXT: Readonly<Record<SnekHud['status'], string>> = {
  ready: 'Ready: press an arrow key, Space, or tap the board',
  running: 'Playing',
  paused: 'Paused',
  over: 'Game over',
};

const PAD: readonly { dir: Direction; label: string; symbol: string }[] = [
  { dir: 'up', label: 'Up', symbol: '▲' },
  { dir: 'left', label: 'Left', symbol: '◀' },
  { dir: 'down', label: 'Down', symbol: '▼' },
  { dir: 'right', label: 'Right', symbol: '▶' },
];

/** The Snek game: an 800 x 600 board with its score line, buttons and touch pad. */
export default function SnekView() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const swipeStart = useRef<SwipeOrigin | null>(null);
  const scale = useCanvasScale(canvasRef, CANVAS_WIDTH);
  const { hud, actions } = useSnekGame(canvasRef, scale);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || belongsToControl(event)) return;
      const dir = keyDirection(event.key);
      if (dir) actions.turn(dir);
      else if (event.key === ' ' || event.key === 'Enter') actions.primary();
      else if (event.key === 'p' || event.key === 'P') actions.pause();
      else if (event.key === 'r' || event.key === 'R') actions.restart();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    swipeStart.current = { x: event.clientX, y: event.clientY, id: event.pointerId, turned: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = swipeStart.current;
    if (!from || from.id !== event.pointerId) return;
    const { origin, turn } = swipeMove(from, event.clientX, event.clientY);
    swipeStart.current = origin;
    if (turn) actions.turn(turn);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = swipeStart.current;
    swipeStart.current = null;
    if (!from || from.id !== event.pointerId || from.turned) return;
    // A flick so quick that no move event crossed the threshold still turns; anything shorter is a tap.
    const { turn } = swipeMove(from, event.clientX, event.clientY);
    if (turn) actions.turn(turn);
    else actions.tap();
  };

  const canPause = hud.status === 'running' || hud.status === 'paused';

  return (
    <div className={styles.game}>
      <div className={styles.bar}>
        <dl className={styles.stats} aria-live="polite">
          <div>
            <dt>Score</dt>
            <dd data-testid="snek-score">{hud.score}</dd>
          </div>
          <div>
            <dt>Best</dt>
            <dd data-testid="snek-best">{hud.best}</dd>
          </div>
          <div>
            <dt>Length</dt>
            <dd>{hud.length}</dd>
          </div>
        </dl>
        <div className="row">
          <button type="button" className="btn" onClick={actions.pause} disabled={!canPause}>
            {hud.status === 'paused' ? 'Resume' : 'Pause'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={hud.status === 'ready' ? actions.primary : actions.restart}
          >
            {hud.status === 'ready' ? 'Start' : 'Restart'}
          </button>
        </div>
      </div>
      <p className={styles.status} data-testid="snek-status" aria-live="polite">
        {hud.status === 'over' && hud.won ? 'You filled the board!' : STATUS_TEXT[hud.status]}
      </p>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        data-heading={hud.heading}
        width={Math.round(CANVAS_WIDTH * (scale ?? 1))}
        height={Math.round(CANVAS_HEIGHT * (scale ?? 1))}
        style={{ width: '100%', maxWidth: CANVAS_WIDTH, height: 'auto', touchAction: 'none' }}
        aria-label="Snek board. Steer with the arrow keys or WASD, or swipe; P or Space pauses."
        role="img"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      />
      <div className={styles.pad} role="group" aria-label="Direction pad">
        {PAD.map(({ dir, label, symbol }) => (
          <button
            key={dir}
            type="button"
            className={`btn ${styles.padButton} ${styles[dir]}`}
            aria-label={label}
            onClick={() => actions.turn(dir)}
          >
            {symbol}
          </button>
        ))}
      </div>
      <p className={styles.hint}>
        Arrow keys or WASD steer · P or Space pauses · R restarts · swipe the board on touch screens. The
        snake speeds up as it grows; walls and your own tail end the game.
      </p>
    </div>
  );
}
