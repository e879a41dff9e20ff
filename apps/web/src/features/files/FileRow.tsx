import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { Row } from './rows.ts';
import { formatSize } from '../../shared/format.ts';
import { FileIcon, FolderClosedIcon, FolderOpenIcon } from './icons.tsx';
import { NameEditor } from './NameEditor.tsx';
import { RowMenu, type RowMenuActions } from './RowMenu.tsx';
import styles from './files.module.css';

/** Indentation of one level of depth, in pixels (the product's constant). */
export const indentPerDepth = 30;

interface FileRowProps {
  row: Row;
  editing: boolean;
  onToggle: () => void;
  onStartEdit: () => void;
  onEndEdit: (name: string | null) => void;
  actions: RowMenuActions;
}

/**
 * One node of the table. The whole row can be dragged (after a 250 ms press); a folder's row is also a drop
 * target. A folder's icon opens and closes it; double-clicking the name edits it in place.
 */
export function FileRow({ row, editing, onToggle, onStartEdit, onEndEdit, actions }: FileRowProps) {
  const { node, depth, isOpen } = row;
  const drag = useDraggable({ id: node.nodeId, disabled: editing });
  const drop = useDroppable({ id: node.nodeId, disabled: !node.isDirectory });
  const setRef = (element: HTMLTableRowElement | null) => {
    drag.setNodeRef(element);
    drop.setNodeRef(element);
  };
  const classes = [styles.row, drag.isDragging && styles.dragging, drop.isOver && styles.dropTarget].filter(
    Boolean,
  );

  return (
    <tr
      ref={setRef}
      className={classes.join(' ')}
      {...drag.listeners}
      data-node-name={node.name}
      data-drop-target={drop.isOver || undefined}
    >
      <td className={styles.nameCell}>
        <div className={styles.nameLine} style={{ paddingLeft: depth * indentPerDepth }}>
          {node.isDirectory ? (
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={isOpen}
              onClick={onToggle}
              aria-label={`${isOpen ? 'Close' : 'Open'} folder ${node.name}`}
              onPointerDown={(e) => e.stopPropagation()}
            >
              {isOpen ? <FolderOpenIcon /> : <FolderClosedIcon />}
            </button>
          ) : (
            <span className={styles.fileIcon}>
              <FileIcon />
            </span>
          )}
          {editing ? (
            <NameEditor
              name={node.name}
              onCommit={(name) => onEndEdit(name)}
              onCancel={() => onEndEdit(null)}
            />
          ) : (
            <span className={styles.name} onDoubleClick={onStartEdit} title={node.name}>
              {node.name}
            </span>
          )}
        </div>
      </td>
      <td className={styles.sizeCell}>{formatSize(node.size)}</td>
      <td className={styles.menuCell}>
        <RowMenu node={node} actions={actions} />
      </td>
    </tr>
  );
}
