import type { ComponentType } from 'react';
import { games } from '../shared/catalog.ts';
import { showcasePages } from '../showcase/showcase-pages.tsx';

/** Game pages; each view is its own chunk, and the globs keep this in step with the folders. */
export const gamePages = showcasePages({
  items: games,
  base: '/games',
  views: import.meta.glob<{ default: ComponentType }>('./*/*View.tsx'),
  sources: import.meta.glob<string>(['./*/*.{ts,tsx}', '!./*/*.test.ts', '!./*/testing.ts'], {
    query: '?raw',
    import: 'default',
  }),
});
