import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { describe, expect, it, beforeAll } from 'vitest';
import yauzl from 'yauzl';
import { admin } from './global-setup.ts';
import { logIn, filesMember } from './session.ts';
import { newPage, shot, baseUrl } from './support.ts';

/** The entries of a downloaded zip, path to bytes. */
async function unzip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(await readFile(file), { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  return entries;
}

/** Calls the API from inside the page, as the web app does (session cookie and CSRF header). */
function inPage<T>(page: Page, script: string): Promise<T> {
  return page.evaluate(async (body) => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)![1]!);
    const api = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    const put = async (url: string, bytes: BlobPart, type: string) => {
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: bytes });
      if (!res.ok) throw new Error(`PUT: ${res.status}`);
    };
    return new Function('api', 'put', `return (async () => { ${body} })()`)(api, put);
  }, script);
}

describe('zip downloads in the browser', () => {
  // An account of this file's own: the admin's folders are shared with every test file running beside it.
  const member = { emailAddress: `zips-${Date.now()}@example.com`, password: 'a long enough passphrase' };
  beforeAll(() => filesMember(baseUrl, admin, member));

  it("downloads a folder from its row menu, and an album from its page, with every entry's bytes", async () => {
    const page = await newPage(1280);
    await logIn(page, member.emailAddress, member.password);
    const stamp = Date.now();

    // A folder with a file and a sub folder holding another, made through the API.
    const folderName = `Holiday ${stamp}`;
    const files = { 'plan.txt': 'Day 1: the lake\n', 'Photos/ticket.txt': 'Seat 12A\n' };
    await inPage(
      page,
      `
      const folder = await api('/files/create-directory', { method: 'POST', body: JSON.stringify({ name: ${JSON.stringify(folderName)}, parentId: null }) });
      const photos = await api('/files/create-directory', { method: 'POST', body: JSON.stringify({ name: 'Photos', parentId: folder.nodeId }) });
      for (const [name, text, parentId] of [['plan.txt', ${JSON.stringify(files['plan.txt'])}, folder.nodeId], ['ticket.txt', ${JSON.stringify(files['Photos/ticket.txt'])}, photos.nodeId]]) {
        const size = new TextEncoder().encode(text).length;
        const uploadId = (await api('/files/create-upload', { method: 'POST', body: JSON.stringify({ size }) })).contents;
        await put((await api('/files/signed-url/' + uploadId)).url, text, 'text/plain');
        await api('/files/create-file', { method: 'POST', body: JSON.stringify({ name, mimeType: 'text/plain', size, parentId, uploadId }) });
      }`,
    );

    await page.goto('/files');
    await page.getByRole('button', { name: `Actions for ${folderName}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Download as zip' }).waitFor();
    await shot(page, 'zip-folder-menu-1280');
    const folderDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download as zip' }).click();
    const folderZip = await folderDownload;
    expect(folderZip.suggestedFilename()).toBe(`${folderName}.zip`);
    const folderEntries = await unzip((await folderZip.path())!);
    expect([...folderEntries.keys()].sort()).toEqual(
      [
        `${folderName}/`,
        `${folderName}/Photos/`,
        ...Object.keys(files).map((f) => `${folderName}/${f}`),
      ].sort(),
    );
    for (const [name, text] of Object.entries(files)) {
      expect(folderEntries.get(`${folderName}/${name}`)!.toString()).toBe(text);
    }
    expect(page.url()).toMatch(/\/files$/); // the download left the page where it was

    // An album with two photos drawn by the browser, in rank order.
    const albumName = `Lake ${stamp}`;
    const albumId = await inPage<string>(
      page,
      `
      const jpeg = (hue) => new Promise((resolve) => {
        const canvas = document.createElement('canvas');
        canvas.width = 40; canvas.height = 30;
        const g = canvas.getContext('2d'); g.fillStyle = 'hsl(' + hue + ' 70% 50%)'; g.fillRect(0, 0, 40, 30);
        canvas.toBlob(resolve, 'image/jpeg');
      });
      const album = await api('/photo-albums', { method: 'POST', body: JSON.stringify({ name: ${JSON.stringify(albumName)} }) });
      for (const hue of [10, 200]) {
        const [imageId, imageUrl] = await api('/photo-albums/' + album.photoAlbumId + '/upload', { method: 'POST' });
        const [thumbnailId, thumbnailUrl] = await api('/photo-albums/' + album.photoAlbumId + '/upload', { method: 'POST' });
        await put(imageUrl, await jpeg(hue), 'image/jpeg');
        await put(thumbnailUrl, await jpeg(hue), 'image/jpeg');
        await api('/photo-albums/' + album.photoAlbumId, { method: 'POST', body: JSON.stringify({ imageId, thumbnailId }) });
      }
      return album.photoAlbumId;`,
    );
    // What the album's photos hold as the site serves them, by rank.
    const served = await inPage<number[][]>(
      page,
      `
      const images = await api('/photo-albums/${albumId}/images');
      const urls = await api('/photo-albums/signed-urls', { method: 'POST', body: JSON.stringify(images.map((i) => i.imageId)) });
      return Promise.all(images.map(async (i) => [...new Uint8Array(await (await fetch(urls[i.imageId])).arrayBuffer())]));`,
    );

    await page.goto(`/albums/${albumId}`);
    const link = page.getByRole('link', { name: 'Download as zip' });
    await link.waitFor();
    await shot(page, 'zip-album-1280');
    const albumDownload = page.waitForEvent('download');
    await link.click();
    const albumZip = await albumDownload;
    expect(albumZip.suggestedFilename()).toBe(`${albumName}.zip`);
    const albumEntries = await unzip((await albumZip.path())!);
    expect([...albumEntries.keys()]).toEqual([
      `${albumName}/`,
      `${albumName}/001.jpg`,
      `${albumName}/002.jpg`,
    ]);
    expect(albumEntries.get(`${albumName}/001.jpg`)!.equals(Buffer.from(served[0]!))).toBe(true);
    expect(albumEntries.get(`${albumName}/002.jpg`)!.equals(Buffer.from(served[1]!))).toBe(true);

    const phone = await newPage(390);
    await logIn(phone, member.emailAddress, member.password);
    await phone.goto(`/albums/${albumId}`);
    await phone.getByRole('link', { name: 'Download as zip' }).waitFor();
    await shot(phone, 'zip-album-390');
  });
});
