import { hasHeifName, hasHeifType, photoAccept } from './heif-files.ts';

/** The videos an album takes (contract originalTypes): MP4, QuickTime (iPhone .MOV) and WebM. */
export const videoTypes = ['video/mp4', 'video/quicktime', 'video/webm'];

/** Their file name endings, for systems that give a picked video no type. */
export const videoExtensions = ['.mp4', '.m4v', '.mov', '.webm'];

/** The album picker's `accept`: every photo (heif-files.ts) and the videos above. */
export const albumAccept = [photoAccept, ...videoTypes, ...videoExtensions].join(',');

/** Whether a file is a video an album takes, by its type or, when it has none, its name. */
export const isVideoFile = (file: { type: string; name: string }) =>
  videoTypes.includes(file.type.toLowerCase()) ||
  ((file.type === '' || file.type === 'application/octet-stream') &&
    videoExtensions.some((e) => file.name.toLowerCase().endsWith(e)));

/** Whether the album picker (`albumAccept`) would offer `file`: a photo or a video. */
export const isAlbumFile = (file: File) =>
  file.type.toLowerCase().startsWith('image/') ||
  hasHeifType(file.type) ||
  hasHeifName(file.name) ||
  isVideoFile(file);
