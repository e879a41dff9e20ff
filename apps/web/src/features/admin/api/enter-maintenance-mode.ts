import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

/** Lets an admin act as another user until they leave maintenance mode. */
const request = (userId: string) => ({ body: { userId } });

/** Log in as a user, then load the site afresh as them. */
export const useEnterMaintenanceMode = () =>
  useAction(
    tsr.admin.enterMaintenanceMode.useMutation({ onSuccess: () => window.location.assign('/') }),
    request,
  );
