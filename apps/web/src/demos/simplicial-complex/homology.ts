/** A simplex as its vertex indices in increasing order. */
export type Simplex = readonly number[];

/**
 * A finite simplicial complex by its simplices of each dimension: `simplices[k]` lists the k-simplices (k + 1
 * vertices each), `simplices[0]` the vertices as `[v]`. Every face of a listed simplex must be listed too.
 */
export type Complex = readonly (readonly Simplex[])[];

/**
 * The rank over GF(2) of a matrix given by its columns, each the sorted row indices of its ones. Columns are
 * reduced left to right by the one whose lowest one sits in the same row, as persistent homology does.
 */
export function rankOverGF2(columns: readonly (readonly number[])[]): number {
  const byLow = new Map<number, readonly number[]>();
  for (const original of columns) {
    let column = original;
    let pivot: readonly number[] | undefined;
    while (column.length > 0 && (pivot = byLow.get(column[column.length - 1]!)) !== undefined) {
      column = symmetricDifference(column, pivot);
    }
    if (column.length > 0) byLow.set(column[column.length - 1]!, column);
  }
  return byLow.size;
}

function symmetricDifference(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j === b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i === a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      i++;
      j++;
    }
  }
  return out;
}

/** The boundary matrix from `simplices` to their faces, as columns of sorted face indices. */
function boundary(simplices: readonly Simplex[], faces: readonly Simplex[]): number[][] {
  const index = new Map(faces.map((face, i) => [face.join(), i]));
  return simplices.map((simplex) =>
    simplex
      .map((_, drop) => {
        const face = index.get(simplex.filter((__, k) => k !== drop).join());
        if (face === undefined) throw new Error(`a face of ${simplex.join()} is missing`);
        return face;
      })
      .sort((x, y) => x - y),
  );
}

/**
 * The Betti numbers β0, β1, β2, ... over GF(2), one per dimension of the complex, from the ranks of its boundary
 * maps: βk = (number of k-simplices) − rank ∂k − rank ∂(k+1). β0 counts components, β1 independent loops, β2
 * enclosed voids.
 */
export function bettiNumbers(complex: Complex): number[] {
  const ranks = complex.map((simplices, k) =>
    k === 0 ? 0 : rankOverGF2(boundary(simplices, complex[k - 1]!)),
  );
  return complex.map((simplices, k) => simplices.length - ranks[k]! - (ranks[k + 1] ?? 0));
}

/** The Euler characteristic: vertices − edges + triangles − tetrahedra + ... */
export function eulerCharacteristic(complex: Complex): number {
  return complex.reduce((sum, simplices, k) => sum + (k % 2 === 0 ? 1 : -1) * simplices.length, 0);
}
