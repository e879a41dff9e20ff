import { useRef, useState } from 'react';
import type { AdminUser } from '@site/contract';
import { useFindUser } from './api/find-user.ts';

/** Where a look-up by address stands. */
export type LookupResult =
  { state: 'idle' } | { state: 'searching' } | { state: 'found'; user: AdminUser } | { state: 'none' };

/**
 * The User Search's address and result, held by the admin page so the member list's "Details" can fill them. Only
 * the newest look-up's answer is shown: a slower, older one arriving later is dropped.
 */
export function useUserLookup() {
  const findUser = useFindUser();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<LookupResult>({ state: 'idle' });
  const latest = useRef(0);

  const lookUp = async (address: string) => {
    const asked = ++latest.current;
    setEmail(address);
    setResult({ state: 'searching' });
    const found = await findUser.mutateAsync(address).catch(() => null);
    if (asked === latest.current) setResult(found ? { state: 'found', user: found } : { state: 'none' });
  };

  return {
    email,
    setEmail,
    result,
    lookUp,
    /** Shows `user` as changed by an admin action on them. */
    update: (user: AdminUser) => setResult({ state: 'found', user }),
  };
}

export type UserLookup = ReturnType<typeof useUserLookup>;
