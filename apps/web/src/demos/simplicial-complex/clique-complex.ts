import { bettiNumbers, eulerCharacteristic, type Simplex } from './homology.ts';

/** What the topology panel shows of a clique complex. */
export interface Topology {
  /** β0, β1, β2 and on, one per dimension of the complex, and at least those three. */
  readonly betti: readonly number[];
  /** The Euler characteristic: the alternating count of the simplices of every dimension. */
  readonly euler: number;
  /** Vertices left after removing dominated ones, on which both were computed. */
  readonly core: number;
}

/** Whether every other neighbour of `v` is a neighbour of `u`: then `v` can go without changing the shape. */
function dominates(near: readonly boolean[][], alive: readonly boolean[], u: number, v: number): boolean {
  for (let w = 0; w < near.length; w++) {
    if (alive[w] && w !== u && near[v]![w] && !near[u]![w]) return false;
  }
  return true;
}

/**
 * The vertices that remain once dominated ones are removed one by one: a vertex whose closed neighbourhood lies
 * in a neighbour's is the apex-side of a cone in the clique complex, and removing it is a strong collapse that
 * keeps the homotopy type, so every Betti number and χ (Boissonnat, Pritam and Pareek, "Strong collapse for
 * persistence", 2018). A complex of points that are all close together collapses to one vertex.
 */
export function collapsedCore(near: readonly boolean[][]): number[] {
  const n = near.length;
  const alive = new Array<boolean>(n).fill(true);
  for (let removed = true; removed;) {
    removed = false;
    for (let v = 0; v < n; v++) {
      if (!alive[v]) continue;
      for (let u = 0; u < n; u++) {
        if (u !== v && alive[u] && near[v]![u] && dominates(near, alive, u, v)) {
          alive[v] = false;
          removed = true;
          break;
        }
      }
    }
  }
  return alive.flatMap((kept, v) => (kept ? [v] : []));
}

/**
 * Betti numbers and Euler characteristic of the clique (flag) complex of a graph: every set of pairwise joined
 * vertices is a simplex, which is what a Vietoris–Rips complex is in every dimension. The graph is first reduced
 * by strong collapses; the cliques of every size of what remains give χ, and the ranks over GF(2) of their
 * boundary maps give every Betti number.
 */
export function cliqueTopology(vertices: number, edges: readonly Simplex[]): Topology {
  const near = Array.from({ length: vertices }, () => new Array<boolean>(vertices).fill(false));
  for (const [a, b] of edges) near[a!]![b!] = near[b!]![a!] = true;
  const core = collapsedCore(near);
  const simplices: Simplex[][] = [];
  const grow = (clique: number[], candidates: readonly number[]) => {
    (simplices[clique.length - 1] ??= []).push([...clique]);
    candidates.forEach((next, i) => {
      clique.push(next);
      grow(
        clique,
        candidates.slice(i + 1).filter((w) => near[core[next]!]![core[w]!]),
      );
      clique.pop();
    });
  };
  core.forEach((_, i) =>
    grow(
      [i],
      core.map((__, j) => j).filter((j) => j > i && near[core[i]!]![core[j]!]),
    ),
  );
  const betti = bettiNumbers(simplices);
  while (betti.length < 3) betti.push(0);
  return { betti, euler: eulerCharacteristic(simplices), core: core.length };
}
