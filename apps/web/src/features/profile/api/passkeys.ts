import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

export const passkeysKey = ['passkeys'] as const;

/** The member's passkeys, the oldest first. */
export const usePasskeys = () =>
  tsr.secondFactor.passkeys.useQuery({
    queryKey: passkeysKey,
    select: (answer) => answer.body,
    retry: retryReads,
  });
