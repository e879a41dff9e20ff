import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { urlLifetimeSeconds, type BlobStore } from './blob-store.ts';

export interface S3Settings {
  bucket: string;
  /** Where the server reaches the store. */
  endpoint?: string;
  /** Where browsers reach it (presigned URLs carry this host); defaults to `endpoint`. */
  publicEndpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: S3ClientConfig['credentials'];
}

/**
 * Blobs in an S3-compatible bucket, moved by the browser through presigned URLs. Presigned PUTs cannot cap the
 * size, so whoever commits an upload checks `size()` against what was allowed.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  /** Only signs (no requests): a signature covers the host, so it must be the one browsers will use. */
  private readonly signer: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    const clientFor = (endpoint: string | undefined) =>
      new S3Client({
        region: settings.region,
        endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
      });
    this.client = clientFor(settings.endpoint);
    this.signer = clientFor(settings.publicEndpoint ?? settings.endpoint);
  }

  uploadUrl(key: string, { contentType }: { contentType: string; maxBytes: number }) {
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      {
        expiresIn: urlLifetimeSeconds,
      },
    );
  }

  downloadUrl(key: string, options: { fileName?: string; contentType?: string } = {}) {
    const disposition = options.fileName
      ? `attachment; filename*=UTF-8''${encodeURIComponent(options.fileName)}`
      : undefined;
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: disposition,
        ResponseContentType: options.contentType,
      }),
      { expiresIn: urlLifetimeSeconds },
    );
  }

  async size(key: string) {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return object.Body as Readable;
  }

  async remove(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }
}
