import { useMutation } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';

/**
 * Leave maintenance mode, then open the admin's user search afresh (a full load: the user changed). The outcome
 * is the same whatever the server answers, so this takes tsr's plain call and accepts any answer.
 */
export const useLeaveMaintenanceMode = () =>
  useMutation({
    mutationFn: () => anyAnswer(tsr.admin.leaveMaintenanceMode.mutate()),
    onSuccess: () => window.location.assign('/admin/user-search'),
  });
