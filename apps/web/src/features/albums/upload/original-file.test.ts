import { describe, expect, it } from 'vitest';
import { originalOf } from './original-file.ts';

const file = (name: string, type = '') => new File([new Uint8Array([1, 2, 3])], name, { type });

describe('the original kept for a picked file', () => {
  it('keeps the name and the type the browser gives', () => {
    expect(originalOf(file('IMG_0001.JPG', 'image/jpeg'))).toEqual({
      name: 'IMG_0001.JPG',
      type: 'image/jpeg',
    });
    expect(originalOf(file('clip.mov', 'video/quicktime'))).toEqual({
      name: 'clip.mov',
      type: 'video/quicktime',
    });
  });

  it('takes the type from the extension when the browser has none, as for a HEIC', () => {
    expect(originalOf(file('IMG_0002.HEIC'))).toEqual({ name: 'IMG_0002.HEIC', type: 'image/heic' });
    expect(originalOf(file('scan.tiff', 'application/octet-stream'))).toEqual({
      name: 'scan.tiff',
      type: 'image/tiff',
    });
  });

  it('keeps no original for a type the server does not take, or a name it refuses', () => {
    expect(originalOf(file('drawing.svg', 'image/svg+xml'))).toBeNull();
    expect(originalOf(file('notes'))).toBeNull();
    expect(originalOf(file(`${'x'.repeat(300)}.jpg`, 'image/jpeg'))).toBeNull();
  });
});
