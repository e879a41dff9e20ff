import type { FileNode } from '@site/contract';
import { Menu, MenuItem, MenuSeparator } from '../../ui/Menu.tsx';
import { CaretIcon } from './icons.tsx';
import styles from './files.module.css';

/** What the '^' menu of a row can ask for. */
export interface RowMenuActions {
  onNewDirectory: (folder: FileNode) => void;
  onUpload: (folder: FileNode) => void;
  onDownload: (file: FileNode) => void;
  onDownloadZip: (folder: FileNode) => void;
  onRename: (node: FileNode) => void;
  onMoveTo: (node: FileNode) => void;
  onDelete: (node: FileNode) => void;
}

/**
 * The '^' menu: folders offer New Directory, Upload File, Download as zip; files offer Download; both Rename,
 * Move to… and Delete.
 */
export function RowMenu({ node, actions }: { node: FileNode; actions: RowMenuActions }) {
  const trigger = (
    <button
      type="button"
      className={`btn btn-ghost ${styles.menuButton}`}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <CaretIcon />
    </button>
  );
  return (
    <Menu trigger={trigger} label={`Actions for ${node.name}`}>
      {node.isDirectory ? (
        <>
          <MenuItem className="menu-item" onSelect={() => actions.onNewDirectory(node)}>
            New Directory
          </MenuItem>
          <MenuItem className="menu-item" onSelect={() => actions.onUpload(node)}>
            Upload File
          </MenuItem>
          <MenuItem className="menu-item" onSelect={() => actions.onDownloadZip(node)}>
            Download as zip
          </MenuItem>
        </>
      ) : (
        <MenuItem className="menu-item" onSelect={() => actions.onDownload(node)}>
          Download
        </MenuItem>
      )}
      <MenuItem className="menu-item" onSelect={() => actions.onRename(node)}>
        Rename
      </MenuItem>
      <MenuItem className="menu-item" onSelect={() => actions.onMoveTo(node)}>
        Move to…
      </MenuItem>
      <MenuSeparator />
      <MenuItem className={`menu-item ${styles.danger}`} onSelect={() => actions.onDelete(node)}>
        Delete
      </MenuItem>
    </Menu>
  );
}
