import { contract } from '@site/contract';
import { insertParamsIntoPath } from '@ts-rest/core';

/**
 * Where a folder downloads as one zip. A plain navigation to it downloads (the session cookie is enough and the
 * server answers an attachment), so the browser shows its own progress and nothing is held in the page.
 */
export const folderZipUrl = (nodeId: string) =>
  insertParamsIntoPath({ path: contract.files.zip.path, params: { nodeId } });
