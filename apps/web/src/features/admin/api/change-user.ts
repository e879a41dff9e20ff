import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** Marks an address verified or not; answers the user as it is now. */
export const setEmailVerification = (body: BodyOf<typeof api.admin.setEmailVerification>) =>
  okBody(api.admin.setEmailVerification({ body }));

/** Grants or takes away permissions; answers the user as it is now. */
export const setPermissions = (body: BodyOf<typeof api.admin.setPermissions>) =>
  okBody(api.admin.setPermissions({ body }));

/** Set whether a user's address is verified. */
export const useSetEmailVerification = () => useMutation({ mutationFn: setEmailVerification });

/** Grant or withdraw a user's permissions. */
export const useSetPermissions = () => useMutation({ mutationFn: setPermissions });
