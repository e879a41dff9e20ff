/**
 * The kind of upload the Uploads panel lists after a reload for a photo or video going to an album (its target is
 * the album's id). A module of its own: the app says how such uploads carry on without loading the album's code.
 */
export const albumUploadKind = 'album-photo';
