import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { noContent } from '../../../api/failure.ts';

/** Lets an admin act as another user until they leave maintenance mode. */
export const enterMaintenanceMode = (userId: string) =>
  noContent(api.admin.enterMaintenanceMode({ body: { userId } }));

/** Log in as a user, then load the site afresh as them. */
export const useEnterMaintenanceMode = () =>
  useMutation({ mutationFn: enterMaintenanceMode, onSuccess: () => window.location.assign('/') });
