import { contract, maxZipNodes } from '@site/contract';

/**
 * Where several files and folders download as one zip, or null when there are more than one link may name. A plain
 * navigation downloads it, as a folder's zip does.
 */
export const selectionZipUrl = (nodeIds: readonly string[]) =>
  nodeIds.length > maxZipNodes
    ? null
    : `${contract.files.zipMany.path}?${new URLSearchParams({ ids: nodeIds.join(',') }).toString()}`;
