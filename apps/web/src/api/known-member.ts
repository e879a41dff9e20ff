import { User } from '@site/contract';

const storageKey = 'site.member';

/**
 * The member this browser last had an answer for, kept so a page opened without a connection (the service worker's
 * shell) still knows who is in: no answer is not "logged out". Forgotten as soon as the server says nobody is.
 */
export function knownMember(): User | null {
  try {
    const parsed = User.safeParse(JSON.parse(localStorage.getItem(storageKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps `user` as the known member, or forgets the one kept (null). */
export function rememberMember(user: User | null): void {
  try {
    if (user) localStorage.setItem(storageKey, JSON.stringify(user));
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, full): a page opened offline then shows the visitor's screens.
  }
}
