import { describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { canDrop, initialTree, placesTo, treeReducer, type TreeAction, type TreeState } from './tree.ts';

let counter = 0;
const folder = (name: string, parentId: string | null = null, size = 0): FileNode => ({
  nodeId: `${name}-${++counter}`,
  parentId,
  name,
  size,
  isDirectory: true,
});
const file = (name: string, parentId: string | null, size: number): FileNode => ({
  ...folder(name, parentId, size),
  isDirectory: false,
});
const run = (state: TreeState, ...actions: TreeAction[]) => actions.reduce(treeReducer, state);

/** docs (15) > work (10) > plan.txt (10); docs > note.txt (5); photos (0). */
function sample() {
  const docs = folder('docs', null, 15);
  const photos = folder('photos');
  const work = folder('work', docs.nodeId, 10);
  const plan = file('plan.txt', work.nodeId, 10);
  const note = file('note.txt', docs.nodeId, 5);
  const state = run(
    initialTree,
    { type: 'rootsLoaded', roots: [docs, photos] },
    { type: 'opened', nodeId: docs.nodeId, children: [work, note] },
    { type: 'opened', nodeId: work.nodeId, children: [plan] },
  );
  return { state, docs, photos, work, plan, note };
}
const sizeOf = (state: TreeState, node: FileNode) => state.nodes[node.nodeId]?.size;

describe('opening, closing and reloading folders', () => {
  it('marks a folder open once its children are in, and closing keeps what was loaded', () => {
    const { state, docs, work, plan } = sample();
    expect([...state.open]).toEqual([docs.nodeId, work.nodeId]);
    const closed = run(state, { type: 'closed', nodeId: docs.nodeId });
    expect(closed.open.has(docs.nodeId)).toBe(false);
    expect(closed.open.has(work.nodeId)).toBe(true);
    expect(closed.nodes[plan.nodeId]).toEqual(plan);
  });

  it('reloading the roots replaces every node and closes every folder', () => {
    const { state, docs } = sample();
    const fresh = { ...docs, name: 'docs', size: 99 };
    const reloaded = run(state, { type: 'rootsLoaded', roots: [fresh] });
    expect(reloaded.nodes).toEqual({ [docs.nodeId]: fresh });
    expect(reloaded.open.size).toBe(0);
  });

  it('reopening a folder drops children (and their subtrees) the server no longer lists', () => {
    const { state, docs, work, plan, note } = sample();
    const reopened = run(state, { type: 'opened', nodeId: docs.nodeId, children: [{ ...note, size: 6 }] });
    expect(reopened.nodes[work.nodeId]).toBeUndefined();
    expect(reopened.nodes[plan.nodeId]).toBeUndefined();
    expect(reopened.open.has(work.nodeId)).toBe(false);
    expect(sizeOf(reopened, note)).toBe(6);
  });

  it('a reload in pages keeps what is not listed yet until the last page, and a folder closed meanwhile stays closed', () => {
    const { state, docs, work, note } = sample();
    const page = (children: FileNode[], complete: boolean, open: boolean): TreeAction => ({
      type: 'childrenLoaded',
      nodeId: docs.nodeId,
      children,
      complete,
      open,
    });
    const extra = file('extra.txt', docs.nodeId, 1);
    const first = run(state, { type: 'closed', nodeId: docs.nodeId }, page([extra], false, true));
    expect(first.open.has(docs.nodeId)).toBe(true);
    expect(first.nodes[work.nodeId]).toEqual(work);
    const closedMeanwhile = run(
      first,
      { type: 'closed', nodeId: docs.nodeId },
      page([extra, note], false, false),
    );
    expect(closedMeanwhile.open.has(docs.nodeId)).toBe(false);
    const last = run(first, page([extra, note], true, false));
    expect(last.nodes[work.nodeId]).toBeUndefined();
    expect(Object.values(last.nodes).filter((n) => n.parentId === docs.nodeId)).toEqual([note, extra]);
  });

  it('later pages of the roots add to them without closing anything', () => {
    const { state, docs, photos } = sample();
    const more = folder('more');
    const next = run(state, {
      type: 'childrenLoaded',
      nodeId: null,
      children: [docs, photos, more],
      complete: true,
      open: false,
    });
    expect(next.nodes[more.nodeId]).toEqual(more);
    expect(next.open).toEqual(state.open);
  });
});

describe('changes with sizes', () => {
  it('adds a file and grows every folder above it, once even if it was already loaded', () => {
    const { state, docs, work } = sample();
    const added = file('new.bin', work.nodeId, 7);
    const next = run(state, { type: 'added', node: added });
    expect([sizeOf(next, docs), sizeOf(next, work)]).toEqual([22, 17]);
    expect(run(next, { type: 'added', node: added })).toEqual(next);
  });

  it('removes a folder with its subtree and shrinks the folders above', () => {
    const { state, docs, work, plan } = sample();
    const next = run(state, { type: 'removed', nodeId: work.nodeId });
    expect(next.nodes[work.nodeId]).toBeUndefined();
    expect(next.nodes[plan.nodeId]).toBeUndefined();
    expect(next.open.has(work.nodeId)).toBe(false);
    expect(sizeOf(next, docs)).toBe(5);
  });

  it('moves a node: the old folders above lose its size, the new ones gain it', () => {
    const { state, docs, photos, work, plan } = sample();
    const next = run(state, { type: 'moved', nodeId: plan.nodeId, parentId: photos.nodeId });
    expect(next.nodes[plan.nodeId]?.parentId).toBe(photos.nodeId);
    expect([sizeOf(next, docs), sizeOf(next, work), sizeOf(next, photos)]).toEqual([5, 0, 10]);
    const toRoot = run(next, { type: 'moved', nodeId: plan.nodeId, parentId: null });
    expect(toRoot.nodes[plan.nodeId]?.parentId).toBeNull();
    expect(sizeOf(toRoot, photos)).toBe(0);
  });

  it('ignores a move onto itself, onto a file, into its own subtree, or to where it is', () => {
    const { state, docs, work, plan, note } = sample();
    for (const [nodeId, parentId] of [
      [work.nodeId, work.nodeId],
      [note.nodeId, plan.nodeId],
      [docs.nodeId, work.nodeId],
      [plan.nodeId, work.nodeId],
    ] as const) {
      expect(canDrop(state, nodeId, parentId)).toBe(false);
      expect(run(state, { type: 'moved', nodeId, parentId })).toBe(state);
    }
    expect(canDrop(state, work.nodeId, null)).toBe(true);
  });

  it('renames from the server answer, keeping size and place', () => {
    const { state, work } = sample();
    const next = run(state, { type: 'renamed', node: { ...work, name: 'jobs', size: 0 } });
    expect(next.nodes[work.nodeId]).toEqual({ ...work, name: 'jobs' });
  });
});

describe('moving without dragging, into folders the table has not loaded', () => {
  it('takes the node out of the table, shrinks its old folders and grows the loaded folders on the new path', () => {
    const { state, docs, photos, work } = sample();
    const unseen = 'a-folder-never-opened';
    const next = run(state, {
      type: 'moved',
      nodeId: work.nodeId,
      parentId: unseen,
      path: [photos.nodeId, unseen],
    });
    expect(next.nodes[work.nodeId]).toBeUndefined();
    expect(Object.values(next.nodes).map((n) => n.name)).not.toContain('plan.txt');
    expect(next.nodes[docs.nodeId]?.size).toBe(5);
    expect(next.nodes[photos.nodeId]?.size).toBe(10);
    expect(next.open.has(work.nodeId)).toBe(false);
  });

  it('names the loaded folders from the top level down to a folder', () => {
    const { state, docs, work } = sample();
    expect(placesTo(state.nodes, work.nodeId)).toEqual([
      { nodeId: docs.nodeId, name: 'docs' },
      { nodeId: work.nodeId, name: 'work' },
    ]);
    expect(placesTo(state.nodes, null)).toEqual([]);
  });
});

describe('sorting', () => {
  it('starts by Name ascending; the active column flips, another column starts ascending', () => {
    expect(initialTree.sort).toEqual({ column: 'Name', order: 'Asc' });
    const flipped = run(initialTree, { type: 'sorted', column: 'Name' });
    expect(flipped.sort).toEqual({ column: 'Name', order: 'Desc' });
    const bySize = run(flipped, { type: 'sorted', column: 'Size' });
    expect(bySize.sort).toEqual({ column: 'Size', order: 'Asc' });
    expect(run(bySize, { type: 'sorted', column: 'Size' }).sort).toEqual({ column: 'Size', order: 'Desc' });
  });
});
