/** A ready-made program for the editor, with the iteration count that shows it best. */
export interface Preset {
  readonly name: string;
  readonly axiom: string;
  /** Rules, one per line. */
  readonly rules: string;
  readonly angle: number;
  /** Start heading in degrees: 0 draws to the right, 90 grows upwards. */
  readonly heading: number;
  readonly iterations: number;
}

/**
 * Classic curves, and the six plants of figure 1.24 (a)–(f) of Prusinkiewicz &
 * Lindenmayer, The Algorithmic Beauty of Plants (1990), with the book's axioms,
 * rules, angles and iteration counts.
 */
export const PRESETS: readonly Preset[] = [
  { name: 'Koch curve', axiom: 'F', rules: 'F=F+F--F+F', angle: 60, heading: 0, iterations: 4 },
  { name: 'Koch snowflake', axiom: 'F--F--F', rules: 'F=F+F--F+F', angle: 60, heading: 0, iterations: 4 },
  {
    name: 'Quadratic Koch island',
    axiom: 'F-F-F-F',
    rules: 'F=F-F+F+FF-F-F+F',
    angle: 90,
    heading: 0,
    iterations: 3,
  },
  {
    name: 'Sierpinski triangle',
    axiom: 'F-G-G',
    rules: 'F=F-G+F+G-F\nG=GG',
    angle: 120,
    heading: 180,
    iterations: 6,
  },
  { name: 'Dragon curve', axiom: 'FX', rules: 'X=X+YF+\nY=-FX-Y', angle: 90, heading: 0, iterations: 12 },
  {
    name: 'Hilbert curve',
    axiom: 'X',
    rules: 'X=+YF-XFX-FY+\nY=-XF+YFY+FX-',
    angle: 90,
    heading: 0,
    iterations: 5,
  },
  {
    name: 'Gosper curve',
    axiom: 'F',
    rules: 'F=F-G--G+F++FF+G-\nG=+F-GG--G-F++F+G',
    angle: 60,
    heading: 0,
    iterations: 4,
  },
  {
    name: 'Plant, figure 1.24 (a)',
    axiom: 'F',
    rules: 'F=F[+F]F[-F]F',
    angle: 25.7,
    heading: 90,
    iterations: 5,
  },
  {
    name: 'Plant, figure 1.24 (b)',
    axiom: 'F',
    rules: 'F=F[+F]F[-F][F]',
    angle: 20,
    heading: 90,
    iterations: 5,
  },
  {
    name: 'Plant, figure 1.24 (c)',
    axiom: 'F',
    rules: 'F=FF-[-F+F+F]+[+F-F-F]',
    angle: 22.5,
    heading: 90,
    iterations: 4,
  },
  {
    name: 'Plant, figure 1.24 (d)',
    axiom: 'X',
    rules: 'X=F[+X]F[-X]+X\nF=FF',
    angle: 20,
    heading: 90,
    iterations: 7,
  },
  {
    name: 'Plant, figure 1.24 (e)',
    axiom: 'X',
    rules: 'X=F[+X][-X]FX\nF=FF',
    angle: 25.7,
    heading: 90,
    iterations: 7,
  },
  {
    name: 'Plant, figure 1.24 (f)',
    axiom: 'X',
    rules: 'X=F-[[X]+X]+F[+FX]-X\nF=FF',
    angle: 22.5,
    heading: 90,
    iterations: 5,
  },
];
