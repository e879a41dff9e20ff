import { demos, games } from '../shared/catalog.ts';

/** The pages a visitor can open without logging in, which the build writes as HTML (prerender-plugin.ts). */
export const publicPaths = [
  '/',
  '/login',
  '/create-account',
  '/forgot-password',
  ...games.map((g) => `/games/${g.slug}`),
  ...demos.map((d) => `/demos/${d.slug}`),
];
