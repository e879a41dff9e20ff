import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { ApiFailure } from '../../../api/failure.ts';
import { isTooManyAttempts, tooManyAttemptsText } from '../../../api/messages.ts';
import { emailProblem, passwordProblem } from '../rules.ts';

type SignUp = Parameters<typeof tsr.account.signup.mutate>[0]['body'];

const request = (body: SignUp) => ({ body });

/** Create an account, answering the new user (the caller logs in with it once the user says OK). */
export const useCreateAccount = () => useAction(tsr.account.signup.useMutation(), request);

/** Where a refused sign-up is told: by the e-mail or password field, or under the form (`field` null). */
export interface SignUpRefusal {
  field: 'email' | 'password' | null;
  message: string;
}

/** The product's words for an address that cannot have a new account (the server answered null). */
export const takenAddress: SignUpRefusal = { field: 'email', message: 'email address is not available' };

/**
 * The words for a refused sign-up, by the field at fault: a common password (the server's sentence), a rule the
 * contract checks (its words, never the validator's), too many attempts, or trouble on the way.
 */
export function signUpRefusal(error: unknown, body: SignUp): SignUpRefusal {
  if (error instanceof ApiFailure && error.code === 'weak_password')
    return { field: 'password', message: error.serverMessage ?? 'Please choose a less common password' };
  if (error instanceof ApiFailure && error.kind === 'invalid') {
    if (error.fields.includes('emailAddress'))
      return { field: 'email', message: emailProblem(body.emailAddress) ?? 'This address is not accepted' };
    return { field: 'password', message: passwordProblem(body.password) ?? 'Please choose another password' };
  }
  if (isTooManyAttempts(error)) return { field: null, message: tooManyAttemptsText(error) };
  if (error instanceof ApiFailure && (error.kind === 'offline' || error.kind === 'unavailable'))
    return { field: null, message: 'Could not create the account. Please try again.' };
  return takenAddress;
}
