/**
 * What the trash calls a photo: the name of the file it was added from when that was kept, else its album's name
 * (the row also says which album it was in, and shows its thumbnail).
 */
export const photoName = (image: { originalName: string | null; album: { name: string } }) =>
  image.originalName ?? image.album.name;
