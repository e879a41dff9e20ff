import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** Create an album with a name; answers the new album. */
export const useCreateAlbum = () =>
  useMutation({ mutationFn: (name: string) => okBody(api.albums.create({ body: { name } })) });
