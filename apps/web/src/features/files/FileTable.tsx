import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { FileNode } from '@site/contract';
import type { Row } from './rows.ts';
import type { Sort, SortColumn } from './tree.ts';
import { FileRow, type RowSelection } from './FileRow.tsx';
import { FileIcon, FolderClosedIcon, SortIcon } from './icons.tsx';
import type { RowMenuActions } from './RowMenu.tsx';
import styles from './files.module.css';
import { dropAreaClass } from '../../shared/file-drop/DropHint.tsx';
import { pressTolerance, usePressSelect } from '../../shared/selection/usePressSelect.ts';

/** The drop target id of the roots. */
const rootDropId = 'root';
/** A row's height before it is measured (one line with a 32 px icon). */
const estimatedRowHeight = 49;
/**
 * Rows kept in the page beyond the screen on each side: scrolling a little never shows a gap, and a folder of a
 * few dozen entries is all in the page, as before.
 */
const overscan = 40;

interface FileTableProps {
  rows: Row[];
  /** Where files from the computer would land while they hover: a folder's id, null for the top level. */
  fileDrop?: string | null;
  isSelected: (nodeId: string) => boolean;
  selection: Omit<RowSelection, 'step'> & {
    /** Shift+arrow from one row to the next. */
    stepTo: (from: string, to: string) => void;
  };
  sort: Sort;
  editingId: string | null;
  onSort: (column: SortColumn) => void;
  onToggle: (node: FileNode) => void;
  onEdit: (node: FileNode | null) => void;
  onRename: (node: FileNode, name: string) => void;
  onMove: (nodeId: string, parentId: string | null) => void;
  actions: RowMenuActions;
}

/**
 * The sortable Name / Size table, whose rows drag onto folders or onto the top-level drop zone. Only the rows
 * near the screen are in the page (the window scrolls, spacer rows stand for the others), so a folder of 30,000
 * opens and scrolls like one of thirty.
 */
export function FileTable({
  rows,
  fileDrop,
  isSelected,
  selection,
  sort,
  editingId,
  onSort,
  onToggle,
  onEdit,
  onRename,
  onMove,
  actions,
}: FileTableProps) {
  // The product's drag activation: a 250 ms press that stays within 5 px (leaves clicks and scrolling alone).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { delay: 250, tolerance: pressTolerance } }),
  );
  const [dragged, setDragged] = useState<FileNode | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const [bodyTop, setBodyTop] = useState(0);
  // Where the rows start in the page, for the window's scroll position to say which rows are on screen. Read
  // after every render: whatever sits above the table (an error line) moves it, and a render follows any change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = Math.round((body.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (top !== bodyTop) setBodyTop(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimatedRowHeight,
    overscan,
    scrollMargin: bodyTop,
    getItemKey: (index) => rows[index]?.node.nodeId ?? index,
  });
  const shown = virtualizer.getVirtualItems();
  const above = (shown[0]?.start ?? bodyTop) - bodyTop;
  const below = virtualizer.getTotalSize() - ((shown.at(-1)?.end ?? bodyTop) - bodyTop);

  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged(rows.find((r) => r.node.nodeId === active.id)?.node ?? null);
  // A press held without moving (a long press on a phone) selects the row rather than moving it.
  const pressSelect = usePressSelect(selection);
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    setDragged(null);
    if (Math.abs(delta.x) + Math.abs(delta.y) < pressTolerance) pressSelect.press(String(active.id));
    else if (over) onMove(String(active.id), over.id === rootDropId ? null : String(over.id));
  };
  const rowSelection: RowSelection = {
    ...selection,
    click: pressSelect.click,
    step: (index, by, extend) => {
      const from = rows[index]?.node.nodeId;
      const to = rows[index + by]?.node.nodeId;
      if (!from || !to) return;
      if (extend) selection.stepTo(from, to);
      // Rows just off screen are kept in the page (overscan), so the next one is there to take focus.
      body.current
        ?.querySelector<HTMLElement>(`tr[data-index="${index + by}"] input[type=checkbox]`)
        ?.focus();
    },
  };

  const header = (column: SortColumn, className?: string) => {
    const active = sort.column === column;
    return (
      <th
        scope="col"
        className={className}
        aria-sort={active ? (sort.order === 'Asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
          {column}
          {active && <SortIcon descending={sort.order === 'Desc'} />}
        </button>
      </th>
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div
        className={`card ${styles.tableCard} ${fileDrop === null ? dropAreaClass : ''}`}
        data-file-drop-area={fileDrop === null || undefined}
      >
        <table className={`table ${styles.table}`}>
          <thead>
            <tr>
              {header('Name')}
              {header('Size', styles.sizeCell)}
              <th scope="col" className={styles.menuCell}>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {above > 0 && <Spacer height={above} />}
            {shown.map(({ index, key }) => (
              <FileRow
                key={key}
                index={index}
                measure={virtualizer.measureElement}
                row={rows[index]!}
                editing={editingId === key}
                fileDrop={fileDrop === key}
                selected={isSelected(String(key))}
                selection={rowSelection}
                actions={actions}
                onToggle={onToggle}
                onEdit={onEdit}
                onRename={onRename}
              />
            ))}
            {below > 0 && <Spacer height={below} />}
            {rows.length === 0 && (
              <tr>
                <td colSpan={3} className={styles.empty}>
                  No folders yet. Start with New Root Folder.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <RootDropZone active={dragged !== null} />
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className={styles.dragChip}>
            {dragged.isDirectory ? <FolderClosedIcon /> : <FileIcon />}
            <span>{dragged.name}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** Stands for the rows above or below the screen, which are not in the page. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacer}>
      <td colSpan={3} style={{ height }} />
    </tr>
  );
}

/** Where a row is dropped to move it to the top level. */
function RootDropZone({ active }: { active: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: rootDropId });
  const classes = [styles.rootZone, active && styles.rootZoneActive, isOver && styles.rootZoneOver].filter(
    Boolean,
  );
  return (
    <div
      ref={setNodeRef}
      className={classes.join(' ')}
      data-testid="root-drop-zone"
      data-drop-target={isOver || undefined}
    >
      Drop here to move to the top level
    </div>
  );
}
