import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../api/session.ts';
import { passkeySignInOptions, sendPasskeySignIn } from './passkey-sign-in.ts';

/**
 * Offers the passkeys this browser holds for the site among the e-mail field's suggestions (conditional
 * mediation), for as long as the log-in page is open; choosing one signs in as "Sign in with a passkey" does. Quiet
 * until a passkey is chosen: a browser without the feature, a refused or cancelled request (the button's own
 * request cancels this one) change nothing on the page; `onFailure` hears only a chosen passkey the server refused.
 */
export function usePasskeyAutofill(onFailure: (failure: unknown) => void) {
  const session = useSession();
  const failed = useRef(onFailure);
  failed.current = onFailure;
  useEffect(() => {
    let open = true;
    const offer = async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !open) return null;
      const optionsJSON = await passkeySignInOptions();
      return open ? startAuthentication({ optionsJSON, useBrowserAutofill: true }) : null;
    };
    offer().then(
      async (response) => {
        if (!response || !open) return;
        try {
          await sendPasskeySignIn(response);
          await session.refresh();
        } catch (failure) {
          if (open) failed.current(failure);
        }
      },
      () => undefined,
    );
    return () => {
      open = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [session]);
}
