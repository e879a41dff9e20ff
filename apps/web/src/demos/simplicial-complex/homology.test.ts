import { describe, expect, it } from 'vitest';
import { cliqueTopology } from './clique-complex.ts';
import { randomPointsInBall, ripsComplex, seededRng } from './complex.ts';
import { bettiNumbers, eulerCharacteristic, rankOverGF2, type Complex, type Simplex } from './homology.ts';

/** The complex of the given top simplices and all their faces. */
function closure(tops: readonly Simplex[]): Complex {
  const byDimension: Map<string, Simplex>[] = [];
  const add = (simplex: Simplex) => {
    const level = (byDimension[simplex.length - 1] ??= new Map());
    if (level.has(simplex.join())) return;
    level.set(simplex.join(), simplex);
    if (simplex.length > 1) simplex.forEach((_, drop) => add(simplex.filter((__, k) => k !== drop)));
  };
  for (const top of tops) add([...top].sort((a, b) => a - b));
  return byDimension.map((level) => [...level.values()]);
}

/** Rotations of a triangle pattern around a cycle of `n` vertices. */
const around = (n: number, patterns: number[][]) =>
  Array.from({ length: n }, (_, i) => patterns.map((p) => p.map((d) => (i + d) % n))).flat();

const cases: { name: string; complex: Complex; betti: number[]; euler: number }[] = [
  { name: 'a point', complex: closure([[0]]), betti: [1], euler: 1 },
  { name: 'two points', complex: closure([[0], [1]]), betti: [2], euler: 2 },
  {
    name: 'a hollow triangle',
    complex: closure([
      [0, 1],
      [1, 2],
      [0, 2],
    ]),
    betti: [1, 1],
    euler: 0,
  },
  { name: 'a filled triangle', complex: closure([[0, 1, 2]]), betti: [1, 0, 0], euler: 1 },
  {
    name: 'the surface of a tetrahedron',
    complex: closure([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]),
    betti: [1, 0, 1],
    euler: 2,
  },
  { name: 'a solid tetrahedron', complex: closure([[0, 1, 2, 3]]), betti: [1, 0, 0, 0], euler: 1 },
  // Möbius and Császár's 7-vertex torus: triangles {i, i+1, i+3} and {i, i+2, i+3} mod 7.
  {
    name: 'a torus',
    complex: closure(
      around(7, [
        [0, 1, 3],
        [0, 2, 3],
      ]),
    ),
    betti: [1, 2, 1],
    euler: 0,
  },
  // The 5-vertex Möbius strip: triangles {i, i+1, i+2} mod 5.
  { name: 'a Möbius strip', complex: closure(around(5, [[0, 1, 2]])), betti: [1, 1, 0], euler: 0 },
  {
    // The 6-vertex projective plane (half an icosahedron); over GF(2) it has a loop and a "void".
    name: 'the real projective plane',
    complex: closure([
      [0, 1, 2],
      [0, 2, 3],
      [0, 3, 4],
      [0, 4, 5],
      [0, 5, 1],
      [1, 2, 4],
      [2, 3, 5],
      [3, 4, 1],
      [4, 5, 2],
      [5, 1, 3],
    ]),
    betti: [1, 1, 1],
    euler: 1,
  },
  {
    name: 'a figure eight and a separate point',
    complex: closure([[0, 1], [1, 2], [0, 2], [0, 3], [3, 4], [0, 4], [5]]),
    betti: [2, 2],
    euler: 0,
  },
];

describe('Betti numbers over GF(2)', () => {
  for (const { name, complex, betti, euler } of cases) {
    it(`of ${name}: β = ${betti.join(', ')} and χ = ${euler}`, () => {
      expect(bettiNumbers(complex)).toEqual(betti);
      expect(eulerCharacteristic(complex)).toBe(euler);
      expect(betti.reduce((sum, b, k) => sum + (k % 2 === 0 ? b : -b), 0)).toBe(euler);
    });
  }

  it('ranks a matrix over GF(2), where 1 + 1 = 0', () => {
    // Columns {0,1}, {1,2}, {0,2}: the third is the sum of the first two mod 2.
    expect(
      rankOverGF2([
        [0, 1],
        [1, 2],
        [0, 2],
      ]),
    ).toBe(2);
    expect(rankOverGF2([[0], [1], [2]])).toBe(3);
    expect(rankOverGF2([[], [0, 1], [0, 1]])).toBe(1);
  });

  it('refuses a complex that lacks a face of one of its simplices', () => {
    expect(() => bettiNumbers([[[0], [1]], [[0, 1]], [[0, 1, 2]]])).toThrow(/missing/);
  });
});

/** Every pair of vertices that are in different parts (a complete multipartite graph). */
const multipartite = (parts: number[][]) =>
  parts.flatMap((p, i) =>
    parts.slice(i + 1).flatMap((q) => p.flatMap((a) => q.map((b) => [Math.min(a, b), Math.max(a, b)]))),
  );

/** Betti numbers compared without the zeros of dimensions one complex has and the other does not. */
const withoutTrailingZeros = (betti: readonly number[]) => {
  const kept = [...betti];
  while (kept.at(-1) === 0) kept.pop();
  return kept;
};

describe('the Vietoris–Rips (clique) complex', () => {
  it('fills every clique: four points all close together make a solid tetrahedron, χ = 1', () => {
    expect(cliqueTopology(4, closure([[0, 1, 2, 3]])[1]!)).toMatchObject({ betti: [1, 0, 0], euler: 1 });
  });

  it('keeps the hollow octahedron hollow: β2 = 1, χ = 2', () => {
    const octahedron = multipartite([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(cliqueTopology(6, octahedron)).toMatchObject({ betti: [1, 0, 1], euler: 2 });
  });

  it('finds a 3-sphere (the boundary of the 16-cell): β3 = 1, χ = 0', () => {
    const cell16 = multipartite([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(cliqueTopology(8, cell16)).toMatchObject({ betti: [1, 0, 0, 1], euler: 0 });
  });

  it('gives a cycle of four points one loop, but a cycle of three none (it is filled)', () => {
    expect(
      cliqueTopology(4, [
        [0, 1],
        [1, 2],
        [2, 3],
        [0, 3],
      ]),
    ).toMatchObject({ betti: [1, 1, 0], euler: 0 });
    expect(
      cliqueTopology(3, [
        [0, 1],
        [1, 2],
        [0, 2],
      ]),
    ).toMatchObject({ betti: [1, 0, 0], euler: 1 });
  });

  it('answers as the whole clique complex does, without its dominated vertices', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const points = randomPointsInBall(12, seededRng(seed));
      for (const threshold of [0.4, 0.6, 0.8, 1.0]) {
        const { edges } = ripsComplex(points, threshold);
        const near = (a: number, b: number) =>
          edges.some(([x, y]) => x === Math.min(a, b) && y === Math.max(a, b));
        const cliques: Simplex[] = [];
        const grow = (clique: number[]) => {
          cliques.push([...clique]);
          for (let v = clique.at(-1)! + 1; v < points.length; v++) {
            if (clique.every((u) => near(u, v))) grow([...clique, v]);
          }
        };
        for (let v = 0; v < points.length; v++) grow([v]);
        const whole = closure(cliques);
        const topology = cliqueTopology(points.length, edges);
        expect(withoutTrailingZeros(topology.betti)).toEqual(withoutTrailingZeros(bettiNumbers(whole)));
        expect(topology.euler).toBe(eulerCharacteristic(whole));
      }
    }
  });

  it('of 50 points at the largest threshold is one contractible simplex: β = 1, 0, 0 and χ = 1', () => {
    const points = randomPointsInBall(50, seededRng(1));
    const { edges, triangles } = ripsComplex(points, 2);
    expect(points.length - edges.length + triangles.length).toBe(18_425);
    expect(cliqueTopology(points.length, edges)).toMatchObject({ betti: [1, 0, 0], euler: 1, core: 1 });
  });
});
