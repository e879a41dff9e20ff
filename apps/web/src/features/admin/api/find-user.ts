import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** Looks a user up by e-mail address; answers null when there is none. */
export const findUser = (emailAddress: string) => okBody(api.admin.findUser({ body: { emailAddress } }));

/** Search for a user by address (a mutation: each search is asked for, not kept in the cache). */
export const useFindUser = () => useMutation({ mutationFn: findUser });
