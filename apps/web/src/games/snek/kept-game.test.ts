// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { gameToKeep, loadKeptGame, parseKeptGame, saveKeptGame } from './kept-game.ts';
import { createGame, start, step, type SnekState } from './logic.ts';

const fixed = () => 0.5;
const running = (): SnekState => step(start(createGame(fixed)), fixed);

describe('the game kept when the page is left', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps a running game as paused, a paused one as it is, and nothing of a game not started or over', () => {
    const game = running();
    expect(gameToKeep(game)?.status).toBe('paused');
    expect(gameToKeep({ ...game, status: 'paused' })?.snake).toEqual(game.snake);
    expect(gameToKeep(createGame(fixed))).toBeNull();
    expect(gameToKeep({ ...game, status: 'over' })).toBeNull();
  });

  it('brings back the snake, heading, food and score, paused', () => {
    const game = { ...running(), score: 150 };
    saveKeptGame(game);
    const back = loadKeptGame();
    expect(back).toMatchObject({
      snake: game.snake,
      direction: game.direction,
      food: game.food,
      score: 150,
      status: 'paused',
      queue: [],
    });
  });

  it('forgets the kept game once it is over', () => {
    saveKeptGame(running());
    saveKeptGame({ ...running(), status: 'over' });
    expect(loadKeptGame()).toBeNull();
  });

  it('refuses records it did not write', () => {
    const good = { snake: running().snake, direction: 'right', food: { x: 1, y: 1 }, score: 10 };
    expect(parseKeptGame(JSON.stringify(good))?.score).toBe(10);
    for (const bad of [
      null,
      'nope',
      JSON.stringify({ ...good, snake: [{ x: 1, y: 1 }] }),
      JSON.stringify({ ...good, snake: [{ x: -1, y: 0 }, ...good.snake] }),
      JSON.stringify({ ...good, direction: 'north' }),
      JSON.stringify({ ...good, food: { x: 99, y: 1 } }),
      JSON.stringify({ ...good, score: -10 }),
    ]) {
      expect(parseKeptGame(bad)).toBeNull();
    }
  });
});
