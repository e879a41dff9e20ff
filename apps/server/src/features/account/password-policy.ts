import { isCommonPassword } from '../../auth/common-passwords.ts';
import { AppError } from '../../http/app-error.ts';

/** Length is checked by the contract (8 to 128); this refuses the passwords attackers try first. */
export function assertStrongPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(
      'weak_password',
      'This password is one of the most common ones; please choose another',
    );
  }
}
