import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody, retryReads } from '../../../api/failure.ts';

/** The kinds of notification e-mail, each with the sentence that describes it. */
export const useNotificationTypes = () =>
  useQuery({
    queryKey: ['notification-types'],
    queryFn: () => okBody(api.account.notificationTypes()),
    retry: retryReads,
  });
