import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

type Change = BodyOf<typeof tsr.security.changeEmail.mutate>;
const request = (body: Change) => ({ body });

/** Asks to move the account to a new address: nothing changes until the link mailed there is opened. */
export const useChangeEmail = () => useAction(tsr.security.changeEmail.useMutation(), request);
