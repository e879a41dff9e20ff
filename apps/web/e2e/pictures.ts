import type { Page } from 'playwright-core';

/** What a test picture shows: a sky of hue `sky`, `width` x `height` pixels. */
interface Scene {
  sky?: number;
  width?: number;
  height?: number;
}

/**
 * A landscape drawn by the browser (a sky, a sun and two mountains), as a file for an upload field: `*.png` a flat
 * drawing, `*.jpg` a photo as a camera writes it (JPEG at quality 0.92 with a little grain, so it compresses like
 * a photo rather than like a drawing).
 */
export async function pictureFile(page: Page, name: string, scene: Scene = {}) {
  const type = name.endsWith('.png') ? 'png' : 'jpeg';
  return { name, mimeType: `image/${type}`, buffer: await draw(page, scene, type) };
}

async function draw(page: Page, { sky = 200, width = 320, height = 240 }: Scene, type: 'png' | 'jpeg') {
  const base64 = await page.evaluate(
    async ({ sky, width, height, type }) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d')!;
      const gradient = g.createLinearGradient(0, 0, 0, height);
      gradient.addColorStop(0, `hsl(${sky} 75% 60%)`);
      gradient.addColorStop(1, `hsl(${sky + 40} 80% 84%)`);
      g.fillStyle = gradient;
      g.fillRect(0, 0, width, height);
      g.fillStyle = 'hsl(45 95% 62%)';
      g.beginPath();
      g.arc(width * 0.72, height * 0.3, height * 0.12, 0, Math.PI * 2);
      g.fill();
      for (const [left, peak, right, top, colour] of [
        [-0.2, 0.3, 0.8, 0.35, `hsl(${sky + 180} 30% 35%)`],
        [0.3, 0.75, 1.3, 0.5, `hsl(${sky + 160} 35% 25%)`],
      ] as const) {
        g.fillStyle = colour;
        g.beginPath();
        g.moveTo(width * left, height);
        g.lineTo(width * peak, height * top);
        g.lineTo(width * right, height);
        g.fill();
      }
      if (type === 'jpeg') {
        const pixels = g.getImageData(0, 0, width, height);
        const data = pixels.data;
        for (let i = 0; i < data.length; i += 4) {
          const grain = (Math.random() - 0.5) * 14;
          for (const c of [i, i + 1, i + 2]) data[c] = data[c]! + grain;
        }
        g.putImageData(pixels, 0, 0);
      }
      const blob = await canvas.convertToBlob(
        type === 'jpeg' ? { type: 'image/jpeg', quality: 0.92 } : { type: 'image/png' },
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { sky, width, height, type },
  );
  return Buffer.from(base64, 'base64');
}
