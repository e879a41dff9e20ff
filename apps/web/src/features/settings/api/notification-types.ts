import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

/** The kinds of notification e-mail, each with the sentence that describes it. */
export const useNotificationTypes = () =>
  tsr.account.notificationTypes.useQuery({
    queryKey: ['notification-types'],
    select: (answer) => answer.body,
    retry: retryReads,
  });
