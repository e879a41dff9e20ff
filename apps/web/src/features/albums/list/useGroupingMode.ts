import { useState } from 'react';
import { parseGroupingMode, type GroupingMode } from './grouping.ts';

const storageKey = 'albums.grouping';

const read = (): GroupingMode => {
  try {
    return parseGroupingMode(localStorage.getItem(storageKey));
  } catch {
    return 1;
  }
};

/** The album list's grouping mode, remembered in this browser so the list looks the same next time. */
export function useGroupingMode(): [GroupingMode, (mode: GroupingMode) => void] {
  const [mode, setMode] = useState<GroupingMode>(read);
  const change = (next: GroupingMode) => {
    setMode(next);
    try {
      localStorage.setItem(storageKey, String(next));
    } catch {
      // Private browsing may refuse storage; the choice then lasts for this visit only.
    }
  };
  return [mode, change];
}
