import type { Page } from 'playwright-core';

/** Waits until the service worker is active and controls the page (it claims the page on first install). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Shares `photos` to the site as the phone's share sheet does: a multipart POST navigation to the manifest's
 * share_target action, with the files under its `photos` field (typed image/jpeg unless a photo says otherwise).
 */
export async function sharePhotos(
  page: Page,
  photos: { name: string; bytes: Buffer; type?: string }[],
): Promise<void> {
  const action = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
    const manifest = (await (await fetch(href)).json()) as { share_target: { action: string } };
    return manifest.share_target.action;
  });
  const encoded = photos.map((p) => ({
    name: p.name,
    type: p.type ?? 'image/jpeg',
    base64: p.bytes.toString('base64'),
  }));
  await page.evaluate(
    ({ action, encoded }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = action;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'photos';
      input.multiple = true;
      const files = new DataTransfer();
      for (const { name, type, base64 } of encoded) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        files.items.add(new File([bytes], name, { type }));
      }
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { action, encoded },
  );
  await page.waitForURL((url) => url.pathname === '/add-to-album');
}
