import type { FileNode, SinglePart } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { admin } from './global-setup.ts';
import { callApi } from './page-api.ts';
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
    const size = Buffer.byteLength(payload);
    const { contents: uploadId } = await callApi<SinglePart>(page, 'POST', '/api/files/create-upload', {
      size,
    });
    const { url } = await callApi<{ url: string }>(page, 'GET', `/api/files/signed-url/${uploadId}`);
    const put = await page.evaluate(
      async ({ url, body }) =>
        (await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body }))
          .status,
      { url, body: payload },
    );
    expect(put).toBeLessThan(300);
    const file = await callApi<FileNode>(page, 'POST', '/api/files/create-file', {
      name: 'evil.js',
      mimeType: 'text/javascript',
      size,
      parentId: null,
      uploadId,
    });
    const { url: downloadUrl } = await callApi<{ url: string }>(
      page,
      'GET',
      `/api/files/${file.nodeId}/download`,
    );
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
