import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

const request = (name: string) => ({ body: { name } });

/** Create an album with a name; answers the new album. */
export const useCreateAlbum = () => useAction(tsr.albums.create.useMutation(), request);
