/** The games and demos, in menu order; slugs are their route segments. */
export const games = [
  { slug: 'reversi', title: 'Reversi', blurb: 'Outflank the computer on the 8×8 board.' },
  { slug: 'minesweeper', title: 'Minesweeper', blurb: 'Clear the field without touching a mine.' },
  { slug: 'snek', title: 'Snek', blurb: 'Eat, grow, and never bite your own tail.' },
  { slug: 'sokoban', title: 'Sokoban', blurb: 'Push every box onto its goal.' },
] as const;

export const demos = [
  { slug: 'mandelbrot', title: 'Mandelbrot viewer', blurb: 'Zoom into the most famous fractal.' },
  { slug: 'simplicial-complex', title: 'Simplicial complex', blurb: 'A Vietoris–Rips complex you can turn.' },
  { slug: 'l-systems', title: 'L-systems', blurb: 'Plants and curves grown from rewriting rules.' },
] as const;

export type GameSlug = (typeof games)[number]['slug'];
export type DemoSlug = (typeof demos)[number]['slug'];
