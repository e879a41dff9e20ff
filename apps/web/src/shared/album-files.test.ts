import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { albumAccept, isVideoFile } from './album-files.ts';

describe('the files an album takes', () => {
  it("is the rule the phone's share sheet is told in the manifest, with any video the sheet may offer", () => {
    const manifest = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../public/manifest.webmanifest'), 'utf8'),
    ) as {
      share_target: { params: { files: { accept: string[] }[] } };
    };
    const accepted = manifest.share_target.params.files[0]?.accept ?? [];
    expect(accepted.filter((rule) => rule !== 'video/*')).toEqual(albumAccept.split(','));
    expect(accepted).toContain('video/*');
  });

  it('tells a video by its type, or by its name when the system gave it none', () => {
    expect(isVideoFile({ type: 'video/quicktime', name: 'IMG_0001.MOV' })).toBe(true);
    expect(isVideoFile({ type: '', name: 'IMG_0001.MOV' })).toBe(true);
    expect(isVideoFile({ type: 'video/x-msvideo', name: 'old.avi' })).toBe(false);
    expect(isVideoFile({ type: 'image/jpeg', name: 'fake.mp4' })).toBe(false);
  });
});
