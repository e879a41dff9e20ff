/**
 * Telling HEIC/HEIF photos (what iPhones take) from other files, so that a browser that cannot decode them natively
 * hands them to libheif. Pickers on Windows and some phones give such files no type, so the name and the file's own
 * first bytes count too.
 */

/** The media types browsers and phones give HEIF files, sequences (bursts, live photos) included. */
export const heifTypes = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

/** The file name endings of HEIF photos. */
export const heifExtensions = ['.heic', '.heif'];

/**
 * The `ftyp` major brands of HEIF stills and sequences (ISO/IEC 23008-12). AVIF's brands (avif, avis) are left out
 * on purpose: browsers decode AVIF themselves and the libheif build here carries no AV1 decoder.
 */
const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** How many bytes of a file `hasHeifBrand` reads. */
export const brandBytes = 12;

/** Whether a file's media type names HEIF. */
export const hasHeifType = (type: string) => heifTypes.includes(type.toLowerCase());

/** Whether a file's name ends as a HEIF photo's does. */
export const hasHeifName = (name: string) => heifExtensions.some((e) => name.toLowerCase().endsWith(e));

/** Whether a file's first bytes are an ISO `ftyp` box whose major brand is a HEIF one. */
export function hasHeifBrand(head: Uint8Array): boolean {
  if (head.length < brandBytes) return false;
  const text = (from: number) => String.fromCharCode(...head.subarray(from, from + 4));
  return text(4) === 'ftyp' && heifBrands.has(text(8));
}

/** Whether a file is a HEIF photo, by its type, its name or (when it has neither) its first bytes. */
export async function isHeif(file: Blob & { name?: string }): Promise<boolean> {
  if (hasHeifType(file.type) || hasHeifName(file.name ?? '')) return true;
  if (file.type !== '' && file.type !== 'application/octet-stream') return false;
  return hasHeifBrand(new Uint8Array(await file.slice(0, brandBytes).arrayBuffer()));
}

/** The picker's `accept`: every image, and HEIF by type and name for systems that know neither. */
export const photoAccept = ['image/*', ...heifTypes, ...heifExtensions].join(',');
