/**
 * The message of an error answer (`{ error: { message } }`, the body every route fails with), or `fallback` when
 * the answer carries none (a network failure, a proxy's page).
 */
export function failureMessage(
  res: { status: number; body: unknown } | null | undefined,
  fallback: string,
): string {
  const message = (res?.body as { error?: { message?: unknown } } | null | undefined)?.error?.message;
  return typeof message === 'string' && message ? message : fallback;
}
