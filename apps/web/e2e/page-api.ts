import type { Page } from 'playwright-core';

/**
 * Calls the site's API from inside the page, as the web app does (its session cookie and XSRF header), and
 * answers the JSON body, or null for 204. Throws on a failure, so a test's setting up cannot fail unnoticed.
 */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) return { failed: `${method} ${path}: ${res.status} ${await res.text()}` };
      return { json: res.status === 204 ? null : await res.json() };
    },
    { method, path, body },
  );
  if ('failed' in answer) throw new Error(answer.failed);
  return answer.json as T;
}
