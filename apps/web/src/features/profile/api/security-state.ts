import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

export const securityStateKey = ['security-state'] as const;

/** Whether the member has a password, and until when this session may act without one. */
export const useSecurityState = () =>
  tsr.security.state.useQuery({
    queryKey: securityStateKey,
    select: (answer) => answer.body,
    retry: retryReads,
  });
