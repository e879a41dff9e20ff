/** `name` split before its extension: `IMG_0001.HEIC` is `IMG_0001` and `.HEIC`; `.profile` has no extension. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/**
 * The names, each made unique among those before it the way Windows and macOS compare names (ignoring case): a
 * second `IMG_0001.HEIC` becomes `IMG_0001 (2).HEIC`, a third `IMG_0001 (3).HEIC`.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  const nextNumber = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    let candidate = name;
    if (taken.has(key)) {
      const [stem, extension] = splitExtension(name);
      let n = nextNumber.get(key) ?? 2;
      while (taken.has((candidate = `${stem} (${n})${extension}`).toLowerCase())) n++;
      nextNumber.set(key, n + 1);
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
