/** The message for a 429, telling how long to wait when the server says. */
export function tooManyAttempts(headers: Headers): string {
  const seconds = Number(headers.get('retry-after'));
  if (!seconds) return 'Too many attempts. Please try again later.';
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
