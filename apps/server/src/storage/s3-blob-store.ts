import type { Readable } from 'node:stream';
import type { StoredPart } from '@site/contract';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  servedAs,
  urlLifetimeSeconds,
  type BlobStore,
  type MultipartRef,
  type PartPlace,
  type StoredBlob,
} from './blob-store.ts';
import { isStoreUnavailable, storeUnavailable } from './store-unavailable.ts';

/**
 * Where the presigned PUT of upload `key` writes. A presigned URL cannot be revoked, so it never points at a blob
 * anyone reads: committing copies the bytes to `key` and deletes this one, and a replayed PUT only recreates a
 * staging object that nothing serves.
 */
export const stagingKey = (key: string) => `uploads/${key}`;

/** Parts of a stream the server writes (`writeStream`): S3 wants at least 5 MiB but for the last. */
const writePartBytes = 16 * 1024 * 1024;

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

/** How long a stable download URL stays the same (half of the week it is valid for). */
const stableWindowSeconds = (7 * 24 * 60 * 60) / 2;

/**
 * Blobs in an S3-compatible bucket, moved by the browser through presigned URLs. Presigned PUTs cannot cap the
 * size, so whoever commits an upload checks `size()` against what was allowed. Presigned GETs override the
 * served type and disposition (`servedAs`), so a file never runs on the site's origin or the bucket's.
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
        // Otherwise presigned PUTs carry the checksum of an empty body, which AWS and R2 refuse for real bytes.
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
    this.client = clientFor(settings.endpoint);
    // Every call, once the SDK's own retries are spent: an outage answers 503 with when to try again, never 500.
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (isStoreUnavailable(error)) throw Object.assign(storeUnavailable(), { cause: error });
          throw error;
        }
      },
      { step: 'initialize', name: 'storeUnavailable' },
    );
    this.signer = clientFor(settings.publicEndpoint ?? settings.endpoint);
  }

  uploadUrl(key: string, { contentType }: { contentType: string; maxBytes: number }) {
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({ Bucket: this.bucket, Key: stagingKey(key), ContentType: contentType }),
      {
        expiresIn: urlLifetimeSeconds,
      },
    );
  }

  downloadUrl(key: string, options: { fileName?: string; contentType?: string } = {}) {
    const served = servedAs(options);
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: served.disposition,
        ResponseContentType: served.contentType,
      }),
      { expiresIn: urlLifetimeSeconds },
    );
  }

  /**
   * A presigned GET that stays the same for half a week, so the browser's cache can keep what it points at: it is
   * signed as of the start of the current window and lives a week (SigV4's longest), and `maxAgeSeconds` says
   * how long a redirect to it may be kept (until the window ends, long before the URL expires).
   */
  async stableDownloadUrl(key: string, contentType: string) {
    const windowMs = stableWindowSeconds * 1000;
    const start = Math.floor(Date.now() / windowMs) * windowMs;
    const url = await getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: servedAs({ contentType }).disposition,
        ResponseContentType: servedAs({ contentType }).contentType,
        ResponseCacheControl: 'private, max-age=31536000, immutable',
      }),
      { signingDate: new Date(start), expiresIn: 2 * stableWindowSeconds },
    );
    return { url, maxAgeSeconds: Math.floor((start + windowMs - Date.now()) / 1000) };
  }

  async promote(key: string) {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: key,
          CopySource: `${this.bucket}/${stagingKey(key)}`,
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: stagingKey(key) }));
  }

  async write(key: string, bytes: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  /** A multipart upload of `writePartBytes` parts, so that no more than one part is held in memory. */
  async writeStream(key: string, source: Readable, contentType: string) {
    const started = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    const upload = { key, multipartId: started.UploadId ?? '' };
    if (!upload.multipartId) throw new Error('the S3 store answered no UploadId');
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    let bytes = 0;
    const send = async (body: Buffer) => {
      const PartNumber = parts.length + 1;
      const sent = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: upload.multipartId,
          PartNumber,
          Body: body,
        }),
      );
      parts.push({ PartNumber, ETag: sent.ETag });
    };
    try {
      let gathered: Buffer[] = [];
      let gatheredBytes = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        gathered.push(chunk);
        gatheredBytes += chunk.length;
        bytes += chunk.length;
        if (gatheredBytes < writePartBytes) continue;
        await send(Buffer.concat(gathered));
        gathered = [];
        gatheredBytes = 0;
      }
      if (gatheredBytes > 0 || parts.length === 0) await send(Buffer.concat(gathered));
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: upload.multipartId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return bytes;
    } catch (error) {
      await this.abortParts(upload).catch(() => undefined);
      throw error;
    }
  }

  /** The store copies the object itself; its bytes never pass through the server. */
  async copy(from: string, to: string) {
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }),
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

  /** The bucket exists and these credentials reach it. */
  async check() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** A bucket has no free space to ask for: its service refuses what it cannot hold. */
  async spareBytes() {
    return null;
  }

  async remove(keys: string[]) {
    const objects = keys.flatMap((key) => [key, stagingKey(key)]);
    for (let i = 0; i < objects.length; i += 1000) {
      const chunk = objects.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  async *list(): AsyncIterable<StoredBlob> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /**
   * A multipart upload writes to `key` itself, not to a staging key: its part URLs die with it when it is
   * completed or aborted, so they can never reach the blob, and a blob of over 5 GiB could not be copied anyway.
   */
  async startParts(key: string) {
    const started = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: 'application/octet-stream',
      }),
    );
    if (!started.UploadId) throw new Error('the S3 store answered no UploadId');
    return started.UploadId;
  }

  /** Presigned UploadPart; S3 cannot cap its size, so create-file checks every part's size from `listParts`. */
  partUrl({ key, multipartId }: MultipartRef, { partNumber }: PartPlace) {
    return getSignedUrl(
      this.signer,
      new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: multipartId, PartNumber: partNumber }),
      { expiresIn: urlLifetimeSeconds },
    );
  }

  async listParts(upload: MultipartRef): Promise<StoredPart[]> {
    return (await this.partsWithTags(upload)).map(({ partNumber, size }) => ({ partNumber, size }));
  }

  async joinParts(upload: MultipartRef, partCount: number) {
    const parts = (await this.partsWithTags(upload)).filter((p) => p.partNumber <= partCount);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: upload.key,
        UploadId: upload.multipartId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
  }

  async abortParts({ key, multipartId }: MultipartRef) {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: multipartId }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
    }
  }

  /** Every stored part with its ETag (which CompleteMultipartUpload names), over ListParts' pages of 1000. */
  private async partsWithTags({ key, multipartId }: MultipartRef) {
    const parts: (StoredPart & { etag: string })[] = [];
    let PartNumberMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: multipartId, PartNumberMarker }),
      );
      for (const p of page.Parts ?? []) {
        if (p.PartNumber && p.ETag) parts.push({ partNumber: p.PartNumber, size: p.Size ?? 0, etag: p.ETag });
      }
      PartNumberMarker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (PartNumberMarker);
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async removeAbandonedParts(
    before: Date,
    {
      dryRun = false,
      referenced = async () => new Set<string>(),
    }: { dryRun?: boolean; referenced?: (keys: string[]) => Promise<Set<string>> } = {},
  ) {
    const removed: string[] = [];
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      let page;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, ...markers }));
      } catch (error) {
        // Some S3-compatible stores (s3rver among them) do not list multipart uploads; nothing to abort there.
        if ((error as { name?: string }).name === 'NotImplemented') return removed;
        throw error;
      }
      // An upload still on its way (its row is there) may be older than `before`: the sweep forgets it first.
      const kept = await referenced((page.Uploads ?? []).flatMap((u) => (u.Key ? [u.Key] : [])));
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        if (kept.has(upload.Key)) continue;
        if (!dryRun) {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
        }
        removed.push(`${upload.Key} (multipart upload ${upload.UploadId})`);
      }
      if (!page.IsTruncated) return removed;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }
}
