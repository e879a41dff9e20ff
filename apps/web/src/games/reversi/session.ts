import { initialPosition, legalMoves, play, score, winner, type Color, type Position } from './rules.ts';

/** The player's colour: black, which moves first. */
export const HUMAN: Color = 'black';
/** The computer's colour. */
export const COMPUTER: Color = 'white';

/** One game as the page shows it: the position plus what just happened. */
export interface Session {
  readonly position: Position;
  /** Square of the last disc placed, for its marker. */
  readonly lastMove: number | null;
  /** Discs turned by the last move, for the flip animation. */
  readonly flipped: readonly number[];
  /** The side that had to pass after the last move. */
  readonly passed: Color | null;
  readonly over: boolean;
  /** Moves played so far; lets the view tell one move from the next. */
  readonly moves: number;
}

/** A fresh game: black (the player) to move. */
export function newSession(): Session {
  return { position: initialPosition(), lastMove: null, flipped: [], passed: null, over: false, moves: 0 };
}

/** Whether the player may play `sq` now. */
export function canPlay(session: Session, sq: number): boolean {
  return !session.over && session.position.toMove === HUMAN && legalMoves(session.position).includes(sq);
}

/** Plays `sq` for whoever is to move (passes are applied automatically by the rules). */
export function advance(session: Session, sq: number): Session {
  const result = play(session.position, sq);
  return {
    position: result.position,
    lastMove: sq,
    flipped: result.flipped,
    passed: result.passed,
    over: result.gameOver,
    moves: session.moves + 1,
  };
}

/** Whether it is the computer's turn to think. */
export function computerToMove(session: Session): boolean {
  return !session.over && session.position.toMove === COMPUTER;
}

/** The status line: whose turn it is, passes, and the result at the end. */
export function statusText(session: Session): string {
  const { black, white } = score(session.position);
  if (session.over) {
    const result = winner(session.position);
    if (result === HUMAN) return `Game over: you win ${black}–${white}!`;
    if (result === COMPUTER) return `Game over: the computer wins ${white}–${black}.`;
    return `Game over: a draw, ${black}–${white}.`;
  }
  if (session.passed === COMPUTER) return 'White has no legal move and passes. Your move again.';
  if (session.passed === HUMAN) return 'You have no legal move, so you pass. White moves again…';
  if (session.position.toMove === COMPUTER) return 'White is thinking…';
  return session.moves === 0 ? 'Your move: you play black. Pick a marked square.' : 'Your move.';
}
