import { describe, expect, it } from 'vitest';
import { admin } from './global-setup.ts';
import { logIn } from './session.ts';
import { newPage, shot } from './support.ts';

const payload = 'window.__ranUserFile = true; document.title = "pwned";';

describe('user files in the browser', () => {
  it('never runs an uploaded .js on the site, even when a page of the site loads it with <script src>', async () => {
    const page = await newPage(1280);
    await logIn(page, admin.emailAddress, admin.password);
    const refused: string[] = [];
    page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));

    // Uploaded the way the web app does it, through the Files API, declared as JavaScript.
    const downloadUrl = await page.evaluate(async (body) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)![1]!);
      const api = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`/api${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const size = new TextEncoder().encode(body).length;
      const uploadId = (await api('/files/create-upload', { method: 'POST', body: JSON.stringify({ size }) }))
        .contents as string;
      const { url } = await api(`/files/signed-url/${uploadId}`);
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
      if (!put.ok) throw new Error(`PUT: ${put.status}`);
      const file = await api('/files/create-file', {
        method: 'POST',
        body: JSON.stringify({
          name: 'evil.js',
          mimeType: 'text/javascript',
          size,
          parentId: null,
          uploadId,
        }),
      });
      return (await api(`/files/${file.nodeId}/download`)).url as string;
    }, payload);
    expect(downloadUrl).toMatch(/^\/blobs\//);

    await page.goto('/files');
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    const outcome = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('load');
          script.onerror = () => resolve('error');
          document.body.append(script);
        }),
      downloadUrl,
    );

    expect(outcome).toBe('error');
    expect(await page.evaluate(() => (window as { __ranUserFile?: boolean }).__ranUserFile)).toBeUndefined();
    expect(await page.title()).not.toBe('pwned');
    expect(refused.join('\n')).toMatch(/Refused to execute script.*MIME type/);

    const served = await page.evaluate(async (src) => {
      const res = await fetch(src);
      return ['content-type', 'content-disposition', 'x-content-type-options', 'content-security-policy'].map(
        (h) => res.headers.get(h),
      );
    }, downloadUrl);
    expect(served).toEqual([
      'application/octet-stream',
      "attachment; filename*=UTF-8''evil.js",
      'nosniff',
      'sandbox',
    ]);
    await page.getByText('evil.js').waitFor();
    await shot(page, 'user-files-script-refused');
  });
});
