// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { longPressMs, usePressSelect } from './usePressSelect.ts';
import { useSelection } from './useSelection.ts';

const plain = { ctrlKey: false, metaKey: false, shiftKey: false };
const pointer = (pointerType: string, x = 10, y = 10) =>
  ({ pointerType, isPrimary: true, clientX: x, clientY: y }) as PointerEvent;

function usePressedList() {
  const selection = useSelection(['a', 'b'], 'album');
  return { selection, press: usePressSelect(selection) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePressSelect', () => {
  it('selects what a finger holds in place, and swallows the click its lifting sends', () => {
    const { result } = renderHook(usePressedList);
    act(() => result.current.press.holdHandlers('a').onPointerDown(pointer('touch')));
    act(() => void vi.advanceTimersByTime(longPressMs));
    expect(result.current.selection.selected).toEqual(['a']);
    // However long the finger stays before lifting.
    act(() => void vi.advanceTimersByTime(3000));
    act(() => result.current.press.holdHandlers('a').onPointerUp());
    let taken = false;
    act(() => void (taken = result.current.press.click(plain, 'a')));
    expect(taken).toBe(true);
    expect(result.current.selection.selected).toEqual(['a']);
    // The next tap is a tap: it toggles, as any click does while choosing.
    act(() => void result.current.press.click(plain, 'b'));
    expect(result.current.selection.selected).toEqual(['a', 'b']);
  });

  it('leaves a press that moves (a scroll), a short tap and the mouse alone', () => {
    const { result } = renderHook(usePressedList);
    const handlers = () => result.current.press.holdHandlers('a');
    act(() => handlers().onPointerDown(pointer('touch')));
    act(() => handlers().onPointerMove(pointer('touch', 10, 20)));
    act(() => void vi.advanceTimersByTime(longPressMs));
    act(() => handlers().onPointerDown(pointer('touch')));
    act(() => void vi.advanceTimersByTime(longPressMs - 100));
    act(() => handlers().onPointerUp());
    act(() => void vi.advanceTimersByTime(200));
    act(() => handlers().onPointerDown(pointer('mouse')));
    act(() => void vi.advanceTimersByTime(longPressMs));
    expect(result.current.selection.selected).toEqual([]);
  });
});
