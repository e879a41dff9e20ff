import { AppError } from '../../http/app-error.ts';
import type { Tx } from './tree.ts';

const maxNameLength = 255;

/**
 * `name` with the counter `n`: `New Directory (2)`, or for a file that has an extension `report (2).pdf`. The
 * stem is shortened when needed so the result still fits the 255-character limit of a name.
 */
export function numberedName(name: string, n: number, keepExtension: boolean): string {
  const dot = keepExtension ? name.lastIndexOf('.') : -1;
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const counter = ` (${n})`;
  return `${stem.slice(0, Math.max(1, maxNameLength - counter.length - extension.length))}${counter}${extension}`;
}

/** Whether a sibling under `parentId` (null: the owner's roots) already holds `name`, other than `exceptId`. */
export async function nameTaken(
  tx: Tx,
  where: { ownerId: string; parentId: string | null; name: string; exceptId?: string },
): Promise<boolean> {
  const { exceptId, ...match } = where;
  const found = await tx.fileNode.findFirst({
    // Trashed tops have no parent either, but hold no name among the roots.
    where: { ...match, trashedAt: null, ...(exceptId && { id: { not: exceptId } }) },
    select: { id: true },
  });
  return found !== null;
}

/** 409 when `name` is taken among the siblings (renames and moves never rename anything by themselves). */
export async function assertNameFree(tx: Tx, where: Parameters<typeof nameTaken>[1]): Promise<void> {
  if (await nameTaken(tx, where)) {
    throw new AppError('conflict', `There is already something named "${where.name}" there`);
  }
}

/** How many candidate names one lookup tries: most clashes are settled by the first. */
const candidatesPerLookup = 32;

/**
 * The first of `name`, `name (2)`, `name (3)`... that no sibling under `parentId` holds. Each lookup asks for a
 * batch of candidates by name, which the (parentId, name) index answers without reading the other siblings. Run
 * inside the owner's tree lock so the answer still holds when the node is written.
 */
export async function freeName(
  tx: Tx,
  {
    ownerId,
    parentId,
    name,
    keepExtension,
  }: { ownerId: string; parentId: string | null; name: string; keepExtension: boolean },
): Promise<string> {
  for (let first = 1; ; first += candidatesPerLookup) {
    const candidates = Array.from({ length: candidatesPerLookup }, (_, i) =>
      first + i === 1 ? name : numberedName(name, first + i, keepExtension),
    );
    const taken = await tx.fileNode.findMany({
      where: { ownerId, parentId, name: { in: candidates }, trashedAt: null },
      select: { name: true },
    });
    const takenNames = new Set(taken.map((t) => t.name));
    const free = candidates.find((c) => !takenNames.has(c));
    if (free) return free;
  }
}
