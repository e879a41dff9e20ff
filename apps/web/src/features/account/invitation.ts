import { useSearchParams } from 'react-router-dom';
import { Id } from '@site/contract';

/**
 * Where an invitation to an album leads (`?email=…&album=…`): the address to fill in, and the album to open once
 * signed up or logged in. The album id only picks where to go next; a well-formed id is all it may be, so it can
 * lead nowhere off the site.
 */
export function useInvitation() {
  const [params] = useSearchParams();
  const album = params.get('album');
  return {
    email: params.get('email') ?? '',
    next: album && Id.safeParse(album).success ? `/albums/${album}` : '/',
  };
}
