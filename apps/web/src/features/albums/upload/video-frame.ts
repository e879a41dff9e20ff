import { jpegsOf, type Jpegs } from './image-convert.ts';

/** Where the poster frame is taken: a second in (past a fade from black), or the middle of a shorter video. */
const posterAtSeconds = (duration: number) => Math.min(1, duration / 2);

/** Resolves on `event` of `video`, rejects on its `error`. */
const once = (video: HTMLVideoElement, event: string) =>
  new Promise<void>((resolve, reject) => {
    const done = () => (video.removeEventListener('error', failed), resolve());
    const failed = () => (
      video.removeEventListener(event, done),
      reject(new Error('The video cannot be played'))
    );
    video.addEventListener(event, done, { once: true });
    video.addEventListener('error', failed, { once: true });
  });

/**
 * What the browser reads of a picked video by playing it in a <video> element off the page: how long it plays and
 * its poster frame, as the JPEGs a photo has (image-convert.ts), which the grid and the viewer show. Fails when the
 * browser cannot play the file (a codec it lacks).
 */
export async function readVideo(file: Blob): Promise<{ jpegs: Jpegs; durationMs: number }> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata');
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const seeked = once(video, 'seeked');
    video.currentTime = posterAtSeconds(duration);
    await seeked;
    const bitmap = await createImageBitmap(video);
    try {
      return { jpegs: await jpegsOf(bitmap), durationMs: Math.round(duration * 1000) };
    } finally {
      bitmap.close();
    }
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
