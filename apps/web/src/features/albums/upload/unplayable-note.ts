/**
 * What the Uploads panel says of a video this browser cannot play, as it adds it anyway: what the album will show
 * instead of a picture, and where it plays.
 */
export const unplayableNote = (name: string) =>
  `This browser can’t play “${name}”: it is added without a preview picture. ` +
  'It plays in browsers that can (Safari, most phones), and whoever sees the album can download it.';
