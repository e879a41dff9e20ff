import type { ClientInferRequest } from '@ts-rest/core';
import type { contract } from '@site/contract';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useSession } from '../../../api/session.ts';
import { clearSharedPhotos } from '../../../shared/shared-photos.ts';

type Proof = ClientInferRequest<typeof contract.leaving.deleteAccount>['body'];
const request = (body: Proof) => ({ body });

/**
 * Deletes the account; this browser is then logged out, with every cached answer and the shared photos waiting
 * in it forgotten, as at log out.
 */
export function useDeleteAccount() {
  const session = useSession();
  const mutation = tsr.leaving.deleteAccount.useMutation({
    onSuccess: async () => {
      await clearSharedPhotos();
      session.setUser(null);
    },
  });
  return useAction(mutation, request);
}
