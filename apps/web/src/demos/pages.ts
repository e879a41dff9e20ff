import type { ComponentType } from 'react';
import { demos } from '../shared/catalog.ts';
import { showcasePages } from '../showcase/showcase-pages.tsx';

/** Demo pages; each view is its own chunk, and the globs keep this in step with the folders. */
export const demoPages = showcasePages({
  items: demos,
  base: '/demos',
  views: import.meta.glob<{ default: ComponentType }>('./*/*View.tsx'),
  sources: import.meta.glob<string>(['./*/*.{ts,tsx,wat}', '!./*/*.test.ts'], {
    query: '?raw',
    import: 'default',
  }),
});
