import { useEffect, useId, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { DEFAULT_HEIGHT, MAX_WIDTH, boardLayout, cellAt } from './layout.ts';
import { LEVEL_CREDIT, LEVELS } from './levels.ts';
import { canRedo } from './history.ts';
import { boxesOnGoals, directionBetween, isSolved, type Direction } from './logic.ts';
import { belongsToControl } from '../keyboard.ts';
import styles from './sokoban.module.css';
import { useBoardCanvas } from './use-board-canvas.ts';
import { BORDER_PX, useBoardFit } from './use-board-fit.ts';
import { useSokoban } from './use-sokoban.ts';

const KEY_DIRECTION: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
};

/** A drag shorter than this (in CSS pixels) is a tap on a cell rather than a swipe. */
const SWIPE_PX = 24;

function swipe(dx: number, dy: number): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_PX) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

/** Sokoban: push every crate onto a goal. Canvas board, counters, undo, restart and level select. */
export default function SokobanView() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const pressed = useRef<{ x: number; y: number; id: number } | null>(null);
  const { play, playRef, motionRef, solvedIds, actions } = useSokoban();
  const { game, index } = play;
  const fit = useBoardFit(boxRef, game.level.width, game.level.height);
  useBoardCanvas(canvasRef, playRef, motionRef, play, fit);

  const solved = isSolved(game);
  const isLast = index === LEVELS.length - 1;
  // Microban's own number: the set's level 153 is left out, so positions and numbers part there.
  const levelNumber = LEVELS[index]?.id ?? index + 1;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || belongsToControl(event)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const command = event.ctrlKey || event.metaKey;
      if (command && key !== 'z' && key !== 'y') return;
      const dir = command ? undefined : KEY_DIRECTION[key];
      const { game: current, index: at } = playRef.current;
      if (dir) actions.move(dir);
      // Redo as editors have it: Shift+Z (with or without Ctrl/⌘), Ctrl+Y, and Y alone beside Z.
      else if ((key === 'z' && event.shiftKey) || key === 'y') actions.redo();
      else if (key === 'z' || key === 'u' || key === 'Backspace') actions.undo();
      else if (key === 'r') actions.restart();
      else if ((key === 'n' || key === 'Enter') && isSolved(current) && at < LEVELS.length - 1)
        actions.goTo(at + 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, playRef]);

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    pressed.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = pressed.current;
    pressed.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dir = swipe(event.clientX - from.x, event.clientY - from.y);
    if (dir) {
      actions.move(dir);
      return;
    }
    if (!fit) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const { level, player } = playRef.current.game;
    const cell = cellAt(
      boardLayout(level.width, level.height, fit.width, fit.height),
      from.x - rect.left - BORDER_PX,
      from.y - rect.top - BORDER_PX,
    );
    if (cell === -1) return;
    const step = directionBetween(level, player, cell);
    if (step) actions.move(step);
    else actions.walkTo(cell);
  };

  const solvedCount = LEVELS.filter((level) => solvedIds.has(level.id)).length;

  return (
    <div className={styles.game}>
      <div className={styles.bar}>
        <div className={styles.field}>
          <label htmlFor={selectId}>Level</label>
          <select
            id={selectId}
            className="input"
            value={index}
            onChange={(event) => {
              actions.goTo(Number(event.target.value));
              canvasRef.current?.focus();
            }}
          >
            {LEVELS.map((level, i) => (
              <option key={level.id} value={i}>
                {`${level.id}${solvedIds.has(level.id) ? ' ✓ solved' : ''}`}
              </option>
            ))}
          </select>
        </div>
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() => actions.goTo(index - 1)}
            disabled={index === 0}
          >
            ◀ Previous
          </button>
          <button type="button" className="btn" onClick={() => actions.goTo(index + 1)} disabled={isLast}>
            Next ▶
          </button>
        </div>
      </div>
      <div className={styles.bar}>
        <dl className={styles.stats}>
          <div>
            <dt>Moves</dt>
            <dd data-testid="sokoban-moves">{game.moves}</dd>
          </div>
          <div>
            <dt>Pushes</dt>
            <dd data-testid="sokoban-pushes">{game.pushes}</dd>
          </div>
          <div>
            <dt>On goal</dt>
            <dd>{`${boxesOnGoals(game)}/${game.boxes.size}`}</dd>
          </div>
          <div>
            <dt>Solved</dt>
            <dd>{`${solvedCount}/${LEVELS.length}`}</dd>
          </div>
        </dl>
        <div className="row">
          <button type="button" className="btn" onClick={actions.undo} disabled={game.previous === null}>
            Undo
          </button>
          <button type="button" className="btn" onClick={actions.redo} disabled={!canRedo(play)}>
            Redo
          </button>
          <button type="button" className="btn" onClick={actions.restart} disabled={game.moves === 0}>
            Restart
          </button>
        </div>
      </div>
      <div className={styles.banner} data-solved={solved} aria-live="polite">
        {solved ? (
          <>
            <strong className={styles.solvedText}>Solved!</strong>
            <span>{`Level ${levelNumber} in ${game.moves} moves and ${game.pushes} pushes.`}</span>
            {isLast ? (
              <span>That was the last level. Well done!</span>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => actions.goTo(index + 1)}>
                Next level
              </button>
            )}
          </>
        ) : (
          <span>
            {solvedIds.has(LEVELS[index]?.id ?? -1) ? 'Solved before. ' : ''}
            Push every crate onto a goal.
          </span>
        )}
      </div>
      <div ref={boxRef} className={styles.board}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          width={fit ? Math.round(fit.width * fit.density) : MAX_WIDTH}
          height={fit ? Math.round(fit.height * fit.density) : DEFAULT_HEIGHT}
          tabIndex={0}
          role="img"
          aria-label={`Sokoban level ${levelNumber}. Arrow keys or WASD move, Z undoes, Y redoes, R restarts; tap a cell to walk there.`}
          style={
            fit
              ? { width: fit.width, height: fit.height }
              : {
                  width: '100%',
                  boxSizing: 'border-box',
                  maxWidth: MAX_WIDTH,
                  aspectRatio: `${MAX_WIDTH} / ${DEFAULT_HEIGHT}`,
                }
          }
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            pressed.current = null;
          }}
        />
      </div>
      <p className={styles.hint}>
        Arrow keys or WASD move · Z or U undoes · Y or Shift+Z redoes · R restarts · N goes on after a win. On
        touch screens, tap a cell to walk there, tap next to the keeper or swipe to push.
      </p>
      <p className={styles.credit}>{LEVEL_CREDIT}</p>
    </div>
  );
}
