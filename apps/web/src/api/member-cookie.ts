import { memberCookieName } from '@site/contract/member-cookie';

/** Whether this browser holds a session (the server's member cookie): only then is there a user to ask for. */
export const hasMemberCookie = () => new RegExp(`(?:^|;\\s*)${memberCookieName}=1`).test(document.cookie);
