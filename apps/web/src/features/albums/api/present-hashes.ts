import { hashLookupMax } from '@site/contract';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** Which of `hashes` the album's live photos have, asked in batches as large as the server takes. */
export async function presentHashes(photoAlbumId: string, hashes: string[]): Promise<Set<string>> {
  const present = new Set<string>();
  for (let i = 0; i < hashes.length; i += hashLookupMax) {
    const batch = hashes.slice(i, i + hashLookupMax);
    const found = await okBody(
      api.albums.presentHashes({ params: { photoAlbumId }, body: { hashes: batch } }),
    );
    for (const hash of found) present.add(hash);
  }
  return present;
}
