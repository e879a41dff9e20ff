// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { goLive } from '../../ui/useInBrowser.ts';
import { loadBestScore } from './best-score.ts';
import { loadKeptGame } from './kept-game.ts';
import { createGame } from './logic.ts';
import { useSnekGame } from './use-snek-game.ts';

/** A game left paused in this tab with `score` points, as leaving the page keeps it. */
function keptWithScore(score: number): void {
  const { snake, direction, food } = createGame(() => 0.5);
  window.sessionStorage.setItem('snek.game', JSON.stringify({ snake, direction, food, score }));
}

const render = () => renderHook(() => useSnekGame({ current: null }, null));

beforeAll(() => goLive());

afterEach(() => {
  // Unmounting saves what the view holds, so storage is cleared after it.
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('snek keys and scores', () => {
  it('does nothing on P before the game has started', () => {
    const { result } = render();
    act(() => result.current.actions.pause());
    expect(result.current.hud.status).toBe('ready');
  });

  it('comes back to a game left earlier, paused with its score', () => {
    keptWithScore(150);
    const { result } = render();
    expect(result.current.hud).toMatchObject({ status: 'paused', score: 150 });
  });

  it('saves the best score when the game is restarted', () => {
    keptWithScore(150);
    const { result } = render();
    act(() => result.current.actions.restart());
    expect(result.current.hud).toMatchObject({ score: 0, best: 150, status: 'running' });
    expect(loadBestScore()).toBe(150);
  });

  it('saves the best score and keeps the game when the page is left', () => {
    keptWithScore(70);
    const { result } = render();
    act(() => result.current.actions.pause());
    expect(result.current.hud.status).toBe('running');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(loadBestScore()).toBe(70);
    expect(loadKeptGame()).toMatchObject({ score: 70, status: 'paused' });
  });

  it('saves the best score when the player goes to another page of the site', () => {
    keptWithScore(40);
    const { unmount } = render();
    unmount();
    expect(loadBestScore()).toBe(40);
  });

  it('never lowers a saved best score', () => {
    window.localStorage.setItem('snek.bestScore', '500');
    keptWithScore(40);
    const { result } = render();
    act(() => result.current.actions.restart());
    expect(loadBestScore()).toBe(500);
    expect(result.current.hud.best).toBe(500);
  });
});
