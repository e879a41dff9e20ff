import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';

/** Returns the session from the user an admin acts as to the admin. */
export const leaveMaintenanceMode = () => anyAnswer(api.admin.leaveMaintenanceMode());

/** Leave maintenance mode, then open the admin's user search afresh (a full load: the user changed). */
export const useLeaveMaintenanceMode = () =>
  useMutation({
    mutationFn: leaveMaintenanceMode,
    onSuccess: () => window.location.assign('/admin/user-search'),
  });
