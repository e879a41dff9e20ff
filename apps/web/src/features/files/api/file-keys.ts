/** Cache keys of the Files screen; every cached read and write goes through these. */
export const fileKeys = {
  all: ['files'] as const,
  listings: ['files', 'listing'] as const,
  /** What a folder holds (null: the top level), as the pages the server sent. */
  listing: (folderId: string | null) => ['files', 'listing', folderId] as const,
  subfolderLists: ['files', 'subfolders'] as const,
  /** The folders in a folder, for the Move to… dialog. */
  subfolders: (folderId: string | null) => ['files', 'subfolders', folderId] as const,
};
