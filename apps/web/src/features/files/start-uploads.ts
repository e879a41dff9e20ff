import type { FileNode } from '@site/contract';
import { uploads } from '../../shared/uploads/upload-store.ts';
import { fileUpload, fileUploadKind, uploadTarget } from './api/upload-file.ts';

/** The top level's name where the member reads where an upload goes. */
export const topLevelName = 'Files';

/**
 * Uploads `files` into `folder` (null: the top level) through the site's Uploads panel, each listed after a reload
 * until it finishes; `onAdded` gets each file's node as it lands.
 */
export function startUploads(files: File[], folder: FileNode | null, onAdded: (node: FileNode) => unknown) {
  const parentId = folder?.nodeId ?? null;
  uploads.start(
    files.map((file) => {
      const upload = fileUpload(file, parentId);
      return {
        name: file.name,
        task: async (run) => void (await onAdded(await upload(run))),
        unfinished: {
          kind: fileUploadKind,
          target: uploadTarget(parentId),
          place: folder?.name ?? topLevelName,
          name: file.name,
          size: file.size,
          lastModified: file.lastModified,
        },
      };
    }),
  );
}
