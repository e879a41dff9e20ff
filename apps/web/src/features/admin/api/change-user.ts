import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

const verificationRequest = (body: BodyOf<typeof tsr.admin.setEmailVerification.mutate>) => ({ body });
const permissionsRequest = (body: BodyOf<typeof tsr.admin.setPermissions.mutate>) => ({ body });

/** Set whether a user's address is verified; answers the user as it is now. */
export const useSetEmailVerification = () =>
  useAction(tsr.admin.setEmailVerification.useMutation(), verificationRequest);

/** Grant or withdraw a user's permissions; answers the user as it is now. */
export const useSetPermissions = () => useAction(tsr.admin.setPermissions.useMutation(), permissionsRequest);
