import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

export const sessionsKey = ['sessions'] as const;

/** Every browser signed in to the member's account, the most recently seen first. */
export const useSessions = () =>
  tsr.security.sessions.useQuery({
    queryKey: sessionsKey,
    select: (answer) => answer.body,
    retry: retryReads,
  });
