import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3BlobStore, type S3Settings } from '../storage/s3-blob-store.ts';

/** Where backups go in a bucket: the bucket (reached with the site's S3 connection settings) and a key prefix. */
export interface BucketPlace extends Omit<S3Settings, 'publicEndpoint'> {
  /** Empty, or ends with `/`. */
  prefix: string;
}

/** An object under the prefix: its key relative to the prefix. */
export interface BucketObject {
  name: string;
  bytes: number;
}

/** The `s3://bucket/prefix` an operator reads and types for `place`. */
export const bucketAddress = (place: Pick<BucketPlace, 'bucket' | 'prefix'>) =>
  `s3://${place.bucket}/${place.prefix}`;

/**
 * The objects of one backup place, named relative to its prefix. Large files go up in parts (the blob store's
 * `writeStream`), so no file is held in memory and none is too large for a single PUT.
 */
export class BackupBucket {
  private readonly client: S3Client;
  private readonly streams: S3BlobStore;

  constructor(readonly place: BucketPlace) {
    this.client = new S3Client({
      region: place.region,
      endpoint: place.endpoint,
      forcePathStyle: place.forcePathStyle,
      credentials: place.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    this.streams = new S3BlobStore(place);
  }

  get address() {
    return bucketAddress(this.place);
  }

  private key(name: string) {
    return `${this.place.prefix}${name}`;
  }

  async putFile(name: string, file: string): Promise<void> {
    await this.streams.writeStream(this.key(name), createReadStream(file), 'application/octet-stream');
  }

  async putBytes(name: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.place.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  /** Copies object `key` of `bucket` (on the same store) to `name`, inside the store; false when it is absent. */
  async copyIn(bucket: string, key: string, name: string): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.place.bucket,
          Key: this.key(name),
          CopySource: `${bucket}/${key}`,
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return false;
      throw error;
    }
  }

  /** Copies `name` to `to` inside the bucket (an atomic appearance: the copy is whole or absent). */
  async copyWithin(name: string, to: string): Promise<void> {
    await this.copyIn(this.place.bucket, this.key(name), to).then((found) => {
      if (!found) throw new Error(`${this.address}${name} is gone`);
    });
  }

  /** The object's size, or null when it is absent. */
  async size(name: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.place.bucket, Key: this.key(name) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async read(name: string): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.place.bucket, Key: this.key(name) }),
    );
    return object.Body as Readable;
  }

  /** Every object whose name starts with `start`, at any depth. */
  async list(start: string): Promise<BucketObject[]> {
    const found: BucketObject[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.place.bucket, Prefix: this.key(start), ContinuationToken }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key)
          found.push({ name: object.Key.slice(this.place.prefix.length), bytes: object.Size ?? 0 });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  async remove(names: string[]): Promise<void> {
    for (let i = 0; i < names.length; i += 1000) {
      const chunk = names.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.place.bucket,
          Delete: { Objects: chunk.map((name) => ({ Key: this.key(name) })), Quiet: true },
        }),
      );
    }
  }
}
