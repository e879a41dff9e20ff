import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

/** Looks a user up by e-mail address; answers null when there is none. */
const request = (emailAddress: string) => ({ body: { emailAddress } });

/** Search for a user by address (a mutation: each search is asked for, not kept in the cache). */
export const useFindUser = () => useAction(tsr.admin.findUser.useMutation(), request);
