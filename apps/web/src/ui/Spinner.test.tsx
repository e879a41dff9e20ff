// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './Spinner.tsx';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe("a page's spinner", () => {
  it('says the page waits for the connection while offline, and spins again once it is back', () => {
    render(<Spinner page label="Loading albums" />);
    expect(screen.getByText('Loading albums')).toBeTruthy();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('This page will load when the connection is back.')).toBeTruthy();
    act(() => onlineManager.setOnline(true));
    expect(screen.getByText('Loading albums')).toBeTruthy();
  });
});
