import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/config.ts';

/** An s3rver on 127.0.0.1 holding the bucket `site-blobs`, in a folder of its own. */
export interface S3rverBucket {
  /** The site's storage settings for this bucket (s3rver takes any signature, so any credentials do). */
  storage: Extract<Config['storage'], { kind: 's3' }>;
  /** The port it listens on; the same after `restart`. */
  port: number;
  /** Stops answering but keeps the folder: a store outage until `restart`. */
  stop(): Promise<void>;
  /** Starts again on the same port and folder, with everything it held before. */
  restart(): Promise<void>;
  /** Stops it, if it runs, and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts an s3rver with the bucket the site's S3 settings name, and `moreBuckets`, on a free port. `prepare` runs
 * on each s3rver before it listens (the first and any restart), e.g. to add what s3rver lacks.
 */
export async function startS3rverBucket(
  prepare: (server: S3rver) => void = () => undefined,
  moreBuckets: string[] = [],
): Promise<S3rverBucket> {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const listen = async (port: number) => {
    const server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: ['site-blobs', ...moreBuckets].map((name) => ({ name, configs: [] })),
    });
    prepare(server);
    return { server, port: (await server.run()).port };
  };
  const first = await listen(0);
  const port = first.port;
  let server = first.server;
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  return {
    storage: {
      kind: 's3',
      bucket: 'site-blobs',
      endpoint: `http://127.0.0.1:${port}`,
      publicEndpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    port,
    stop,
    async restart() {
      await stop();
      ({ server } = await listen(port));
      running = true;
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
