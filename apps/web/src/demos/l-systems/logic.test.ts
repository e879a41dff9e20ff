import { describe, expect, it } from 'vitest';
import { expand, MAX_SYMBOLS } from './expand.ts';
import { MAX_ITERATIONS, parseIterations, parseProgram, type Program, type ProgramText } from './program.ts';
import { PRESETS } from './presets.ts';
import { runProgram } from './run.ts';
import { adjustPlacement, fitToCanvas, walk } from './turtle.ts';

const text = (overrides: Partial<ProgramText> = {}): ProgramText => ({
  axiom: 'F',
  rules: 'F=F+F--F+F',
  angle: '60',
  heading: '0',
  ...overrides,
});

function parsed(overrides: Partial<ProgramText> = {}): Program {
  const result = parseProgram(text(overrides));
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function errorOf(overrides: Partial<ProgramText>): string {
  const result = parseProgram(text(overrides));
  return result.ok ? '' : result.error;
}

function expanded(program: Program, iterations: number): string {
  const result = expand(program, iterations);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('expansion', () => {
  it('rewrites the Koch curve once and twice', () => {
    const koch = parsed();
    expect(expanded(koch, 1)).toBe('F+F--F+F');
    const twice = expanded(koch, 2);
    expect(twice).toBe('F+F--F+F+F+F--F+F--F+F--F+F+F+F--F+F');
    expect(twice).toHaveLength(36);
  });

  it('grows the Koch curve to 4ⁿ segments', () => {
    for (const n of [1, 2, 3, 5]) {
      expect([...expanded(parsed(), n)].filter((s) => s === 'F')).toHaveLength(4 ** n);
    }
  });

  it('rewrites every symbol at once, not one rule after another', () => {
    expect(expanded(parsed({ axiom: 'AB', rules: 'A=B\nB=A' }), 1)).toBe('BA');
  });

  it('copies symbols without a rule', () => {
    expect(expanded(parsed({ axiom: 'X+F', rules: 'F=FF' }), 2)).toBe('X+FFFF');
  });

  it('gives every preset a drawing within the limit', () => {
    for (const preset of PRESETS) {
      const result = runProgram(
        {
          axiom: preset.axiom,
          rules: preset.rules,
          angle: String(preset.angle),
          heading: String(preset.heading),
        },
        String(preset.iterations),
      );
      expect(result.ok, preset.name).toBe(true);
      if (result.ok) expect(result.value.drawing.count, preset.name).toBeGreaterThan(100);
    }
  });

  it('reproduces the dragon curve of 2ⁿ segments', () => {
    const dragon = PRESETS.find((p) => p.name === 'Dragon curve');
    const result = runProgram({ axiom: 'FX', rules: dragon?.rules ?? '', angle: '90', heading: '0' }, '10');
    expect(result.ok && result.value.drawing.count).toBe(1024);
  });

  it('refuses to expand past the symbol limit instead of freezing', () => {
    const explosive = parsed({ rules: 'F=FFFFFFFFFF' });
    const result = expand(explosive, 7);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/2,000,000 symbols/);
    expect(expand(explosive, 6).ok).toBe(true);
  });

  it('stops as soon as the limit is passed within an iteration', () => {
    const result = expand(parsed({ rules: 'F=FF' }), 40, 1000);
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.error).toContain('after 10 iterations');
    expect(MAX_SYMBOLS).toBe(2_000_000);
  });

  it('refuses many rewrites of a long word that does not grow', () => {
    const swap = parsed({ axiom: 'F'.repeat(1000), rules: 'F=G\nG=F' });
    expect(expand(swap, 50, 1000).ok).toBe(false);
    expect(expand(swap, 3, 1000).ok).toBe(true);
  });
});

describe('parsing', () => {
  it('reads axiom, rules in either arrow style, angle and heading', () => {
    const program = parsed({
      axiom: ' X ',
      rules: 'X -> F[+X]F[-X]+X\n\nF = FF',
      angle: '25.7',
      heading: '90',
    });
    expect(program.axiom).toBe('X');
    expect(Object.fromEntries(program.rules)).toEqual({ X: 'F[+X]F[-X]+X', F: 'FF' });
    expect(program.angle).toBe(25.7);
    expect(program.heading).toBe(90);
  });

  it('reports a missing axiom', () => {
    expect(errorOf({ axiom: '   ' })).toMatch(/axiom is empty/);
  });

  it('reports a rule line that is not a rule, with its line number', () => {
    expect(errorOf({ rules: 'F=FF\nhello world' })).toMatch(/Rule line 2/);
    expect(errorOf({ rules: 'FF=F' })).toMatch(/Rule line 1/);
  });

  it('reports a second rule for the same symbol', () => {
    expect(errorOf({ rules: 'F=FF\nF=F+F' })).toMatch(/F already has a rule/);
  });

  it('reports an angle that is not a number', () => {
    expect(errorOf({ angle: 'ninety' })).toMatch(/angle must be a number/);
    expect(errorOf({ angle: '' })).toMatch(/angle must be a number/);
    expect(errorOf({ heading: 'up' })).toMatch(/heading must be a number/);
  });

  it('reports unbalanced brackets in the axiom or a rule', () => {
    expect(errorOf({ axiom: 'F[+F' })).toMatch(/brackets in the axiom/);
    expect(errorOf({ rules: 'F=F]+F[' })).toMatch(/brackets in the rule for F/);
  });

  it('accepts iterations from 1 to the maximum only', () => {
    expect(parseIterations('1')).toEqual({ ok: true, value: 1 });
    expect(parseIterations(String(MAX_ITERATIONS)).ok).toBe(true);
    for (const bad of ['0', '-3', '2.5', '', 'x', String(MAX_ITERATIONS + 1)])
      expect(parseIterations(bad).ok).toBe(false);
  });
});

describe('turtle', () => {
  it('draws a unit square and returns to the start', () => {
    const square = walk('F+F+F+F', 90, 0);
    expect(square.count).toBe(4);
    expect(square.bounds?.minX).toBeCloseTo(0);
    expect(square.bounds?.maxX).toBeCloseTo(1);
    expect(square.bounds?.minY).toBeCloseTo(0);
    expect(square.bounds?.maxY).toBeCloseTo(1);
    expect(square.segments[14]).toBeCloseTo(0);
    expect(square.segments[15]).toBeCloseTo(0);
  });

  it('moves without drawing on f and turns around on |', () => {
    const d = walk('FfF|FFF', 90, 0);
    expect(d.count).toBe(5);
    expect(d.bounds?.maxX).toBeCloseTo(3);
    expect(d.bounds?.minX).toBeCloseTo(0);
  });

  it('draws G like F and ignores other symbols', () => {
    expect(walk('FXGY', 90, 0).bounds?.maxX).toBeCloseTo(2);
  });

  it('returns to the branch point after a bracket and records the branch depth', () => {
    const d = walk('F[+F]F', 90, 90);
    expect(d.count).toBe(3);
    expect(d.maxDepth).toBe(1);
    expect(Array.from(d.depths)).toEqual([0, 1, 0]);
    expect(d.bounds?.maxY).toBeCloseTo(2);
    expect(d.bounds?.minX).toBeCloseTo(-1);
  });

  it('has no bounds when nothing is drawn', () => {
    expect(walk('f+f', 90, 0).bounds).toBeNull();
  });
});

describe('fitting to the canvas', () => {
  it('centres a drawing and scales it to fill the canvas inside the margin', () => {
    const place = fitToCanvas({ minX: 0, minY: 0, maxX: 4, maxY: 1 }, 800, 600, 20);
    expect(place.scale).toBe(190);
    expect(place.offsetX + 2 * place.scale).toBe(400); // the middle of the drawing sits at the canvas centre
    expect(place.offsetY - 0.5 * place.scale).toBe(300);
  });

  it('fits a straight line by its length', () => {
    expect(fitToCanvas({ minX: 0, minY: 0, maxX: 0, maxY: 10 }, 800, 600, 0).scale).toBe(60);
  });

  it('zooms about the canvas centre and pans in pixels', () => {
    const fitted = fitToCanvas({ minX: -1, minY: -1, maxX: 1, maxY: 1 }, 800, 600, 0);
    const zoomed = adjustPlacement(fitted, 1.1, 0, 0, 800, 600);
    expect(zoomed.scale).toBeCloseTo(fitted.scale * 1.1);
    expect(zoomed.offsetX).toBe(400);
    const panned = adjustPlacement(fitted, 1, 30, -20, 800, 600);
    expect([panned.offsetX, panned.offsetY]).toEqual([430, 280]);
  });
});
