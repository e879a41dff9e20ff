// Control characters, path separators, and what Windows refuses in a name.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f<>:"|?*\\/]/g;
// Device names Windows will not create a file under, with or without an extension.
const reservedOnWindows = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;

/**
 * `name` as one segment of a path inside an archive, extracted the same on Windows, macOS and Linux: separators
 * and control characters become `_` (so no `..`, absolute path or hidden text can come out of it), trailing dots
 * and spaces go (Windows drops them), and an empty result is `_`.
 */
export function safeSegment(name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(unsafeCharacters, '_')
    .replace(/[. ]+$/, '');
  if (safe === '') return '_';
  return reservedOnWindows.test(safe) ? `_${safe}` : safe;
}

/** The longest path an archive entry can have, in UTF-8 bytes: a zip records a name's length in 16 bits. */
export const maxEntryPathBytes = 0xffff;
