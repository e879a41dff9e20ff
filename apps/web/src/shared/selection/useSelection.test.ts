// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './useSelection.ts';

const order = ['a', 'b', 'c', 'd'];
const plain = { ctrlKey: false, metaKey: false, shiftKey: false };

describe('useSelection', () => {
  it('takes ctrl/cmd-clicks and shift-clicks, then every plain click while something is selected', () => {
    const { result } = renderHook(() => useSelection(order, 'album-1'));
    let taken = false;
    act(() => void (taken = result.current.click(plain, 'a')));
    expect(taken).toBe(false);
    act(() => void result.current.click({ ...plain, metaKey: true }, 'b'));
    act(() => void result.current.click({ ...plain, shiftKey: true }, 'd'));
    expect(result.current.selected).toEqual(['b', 'c', 'd']);
    act(() => void (taken = result.current.click(plain, 'c')));
    expect(taken).toBe(true);
    expect(result.current.selected).toEqual(['b', 'd']);
  });

  it('clears on Escape', () => {
    const { result } = renderHook(() => useSelection(order, 'files'));
    act(() => result.current.toggle('a'));
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(result.current.selected).toEqual([]);
  });

  it('clears when the page moves on to another list', () => {
    const { result, rerender } = renderHook(({ scope }) => useSelection(order, scope), {
      initialProps: { scope: 'album-1' },
    });
    act(() => result.current.toggle('a'));
    expect(result.current.active).toBe(true);
    rerender({ scope: 'album-2' });
    expect(result.current.selected).toEqual([]);
    rerender({ scope: 'album-1' });
    expect(result.current.selected).toEqual([]);
  });
});
