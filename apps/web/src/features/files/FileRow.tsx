import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useCallback, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { FileNode } from '@site/contract';
import type { Row } from './rows.ts';
import { formatSize } from '../../shared/format.ts';
import { focusedPlace } from '../../ui/focus-return.ts';
import { FileIcon, FolderClosedIcon, FolderOpenIcon } from './icons.tsx';
import { NameEditor } from './NameEditor.tsx';
import { RowMenu, type RowMenuActions } from './RowMenu.tsx';
import styles from './files.module.css';

/** Indentation of one level of depth, in pixels (the product's constant). */
export const indentPerDepth = 30;

/** How a row takes part in selecting many (see `useSelection`). */
export interface RowSelection {
  /** A click on the row: answers whether selecting took it (else it opens, as usual). */
  click: (e: MouseEvent, nodeId: string) => boolean;
  toggle: (nodeId: string) => void;
  extendTo: (nodeId: string) => void;
  /** An arrow key on a row's checkbox: focus goes to the row above or below, which Shift adds to the selection. */
  step: (index: number, by: 1 | -1, extend: boolean) => void;
}

interface FileRowProps {
  row: Row;
  /** Its place among the rows, and what measures its height (the table keeps only rows near the screen). */
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
  editing: boolean;
  /** Files from the computer hover over this folder. */
  fileDrop: boolean;
  selected: boolean;
  selection: RowSelection;
  onToggle: (node: FileNode) => void;
  /** Starts (a node) or ends (null) the inline rename. */
  onEdit: (node: FileNode | null) => void;
  onRename: (node: FileNode, name: string) => void;
  actions: RowMenuActions;
}

/**
 * One node of the table. The whole row can be dragged (after a 250 ms press); a folder's row is also a drop
 * target. A folder opens and closes like on a desktop: a click on its icon or name, or Enter once focused. F2
 * anywhere in the row renames it, as does the row menu. A double click on a file's name opens it, as on a
 * desktop. Its checkbox, a ctrl/cmd- or shift-click, or (while anything is
 * selected) any click selects it instead. Memoised with callbacks that take the node: scrolling the table
 * renders only the rows coming into the page.
 */
export const FileRow = memo(function FileRow({
  row,
  index,
  measure,
  editing,
  fileDrop,
  selected,
  selection,
  onToggle,
  onEdit,
  onRename,
  actions,
}: FileRowProps) {
  const { node, depth, isOpen } = row;
  const drag = useDraggable({ id: node.nodeId, disabled: editing });
  const drop = useDroppable({ id: node.nodeId, disabled: !node.isDirectory });
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  // Stable, so a render does not detach and re-attach the row (and measure it again) each time.
  const setRef = useCallback(
    (element: HTMLTableRowElement | null) => {
      setDragRef(element);
      setDropRef(element);
      measure(element);
    },
    [setDragRef, setDropRef, measure],
  );
  const classes = [
    styles.row,
    drag.isDragging && styles.dragging,
    (drop.isOver || fileDrop) && styles.dropTarget,
    selected && styles.selected,
  ].filter(Boolean);
  // Where focus was when the rename began (F2 on the row, or the row's menu), for it to come back there after.
  const editFrom = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (editing) {
      editFrom.current = focusedPlace();
      return;
    }
    const from = editFrom.current;
    editFrom.current = null;
    // Not if a click elsewhere ended it: focus is where she clicked.
    if (from?.isConnected && (document.activeElement === document.body || !document.activeElement))
      from.focus();
  }, [editing]);
  const onStartEdit = () => onEdit(node);
  const onEndEdit = (name: string | null) => {
    onEdit(null);
    if (name !== null) onRename(node, name);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'F2' || editing) return;
    e.preventDefault();
    onStartEdit();
  };
  // Capturing, so a click that selects never reaches the folder button or the name. Clicks from the menu's
  // portal bubble here through React but are not inside the row.
  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    const target = e.target as Element;
    if (editing || !e.currentTarget.contains(target) || target.closest('[data-no-select]')) return;
    if (!selection.click(e, node.nodeId)) return;
    e.preventDefault();
    e.stopPropagation();
  };
  const onCheckKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    selection.step(index, e.key === 'ArrowDown' ? 1 : -1, e.shiftKey);
  };
  const checkbox = (
    <input
      type="checkbox"
      className={styles.check}
      checked={selected}
      readOnly
      aria-label={`Select ${node.name}`}
      aria-keyshortcuts="Space Shift+ArrowDown Shift+ArrowUp Escape"
      data-no-select
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => (e.shiftKey ? selection.extendTo(node.nodeId) : selection.toggle(node.nodeId))}
      onKeyDown={onCheckKey}
    />
  );

  return (
    <tr
      ref={setRef}
      className={classes.join(' ')}
      {...drag.listeners}
      onKeyDown={onKeyDown}
      onClickCapture={onClickCapture}
      data-index={index}
      data-node-name={node.name}
      data-node-id={node.nodeId}
      data-drop-target={drop.isOver || fileDrop || undefined}
    >
      <td className={styles.nameCell}>
        <div className={styles.nameLine} style={{ paddingLeft: depth * indentPerDepth }}>
          {checkbox}
          {editing ? (
            <>
              <span className={styles.icon}>{icon(node.isDirectory, isOpen)}</span>
              <NameEditor
                name={node.name}
                onCommit={(name) => onEndEdit(name)}
                onCancel={() => onEndEdit(null)}
              />
            </>
          ) : node.isDirectory ? (
            <button
              type="button"
              className={styles.folder}
              aria-expanded={isOpen}
              aria-keyshortcuts="F2"
              aria-label={`${isOpen ? 'Close' : 'Open'} folder ${node.name}`}
              title={node.name}
              onClick={() => onToggle(node)}
            >
              <span className={styles.icon}>{icon(true, isOpen)}</span>
              <span className={styles.name}>{node.name}</span>
            </button>
          ) : (
            <>
              <span className={`${styles.icon} ${styles.fileIcon}`}>
                <FileIcon />
              </span>
              <span className={styles.name} onDoubleClick={() => actions.onDownload(node)} title={node.name}>
                {node.name}
              </span>
            </>
          )}
        </div>
      </td>
      <td className={styles.sizeCell}>{formatSize(node.size)}</td>
      <td className={styles.menuCell} data-no-select>
        <RowMenu node={node} actions={actions} />
      </td>
    </tr>
  );
});

const icon = (isDirectory: boolean, isOpen: boolean) =>
  !isDirectory ? <FileIcon /> : isOpen ? <FolderOpenIcon /> : <FolderClosedIcon />;
