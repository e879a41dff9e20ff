import { isTooManyAttempts, messageOf, tooManyAttemptsText } from '../../../api/messages.ts';

/** The sentence for a refused security change: the server's own words, or `fallback` when none came. */
export const refusalText = (error: unknown, fallback: string) =>
  isTooManyAttempts(error) ? tooManyAttemptsText(error) : messageOf(error, fallback);
