import type { ClientInferRequest } from '@ts-rest/core';
import type { contract } from '@site/contract';
import { useState, type ReactNode } from 'react';
import { ceremonyText } from '../../../api/ceremony.ts';
import { confirmWithPasskey } from '../api/passkey-proof.ts';

/** A passkey's answer, which the server takes as proof in place of the current password. */
export type PasskeyAnswer = NonNullable<
  ClientInferRequest<typeof contract.leaving.deleteAccount>['body']['passkey']
>;

/**
 * A button that has one of the member's passkeys confirm it is them (the browser's or phone's own dialog) and
 * hands the answer to `onProof`; a cancelled or refused dialog goes to `onFailure` as a sentence.
 */
export function PasskeyProofButton({
  children,
  className = 'btn',
  disabled,
  onProof,
  onFailure,
}: {
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  onProof: (passkey: PasskeyAnswer) => void;
  onFailure: (sentence: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(true);
    try {
      onProof(await confirmWithPasskey());
    } catch (failure) {
      onFailure(ceremonyText(failure, 'Your passkey did not confirm it is you.'));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      disabled={disabled || confirming}
      onClick={() => void confirm()}
    >
      {children}
    </button>
  );
}
