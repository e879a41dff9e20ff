import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StoredPart } from '@site/contract';
import {
  isBlobKey,
  urlLifetimeSeconds,
  type BlobStore,
  type MultipartRef,
  type StoredBlob,
} from './blob-store.ts';

export type BlobGrant =
  | { op: 'put'; key: string; expires: number; maxBytes: number; contentType: string }
  | { op: 'part'; key: string; partNumber: number; expires: number; maxBytes: number }
  | { op: 'get'; key: string; expires: number; fileName?: string; contentType?: string };

/** Reads and writes of a join move this much at a time: fewer system calls, still a bounded buffer. */
const joinChunkBytes = 1024 * 1024;

/**
 * Blobs as files under `dir`, reached through /blobs/<key> URLs that carry an HMAC of what they allow and until
 * when. Served by blob-routes.ts, which also lets a PUT through only while its upload is pending.
 */
export class LocalBlobStore implements BlobStore {
  constructor(
    readonly dir: string,
    private readonly secret: string,
    private readonly now = () => Date.now(),
  ) {}

  /** The file that holds `key`, fanned out over 256 folders. */
  pathOf(key: string): string {
    if (!isBlobKey(key)) throw new Error(`not a blob key: ${key}`);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async uploadUrl(key: string, { contentType, maxBytes }: { contentType: string; maxBytes: number }) {
    return this.sign({ op: 'put', key, expires: this.expiry(), maxBytes, contentType });
  }

  async downloadUrl(key: string, options: { fileName?: string; contentType?: string } = {}) {
    return this.sign({ op: 'get', key, expires: this.expiry(), ...options });
  }

  async size(key: string) {
    return stat(this.pathOf(key)).then(
      (s) => s.size,
      () => null,
    );
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(this.pathOf(key));
  }

  /** Uploads are written in place; blob-routes.ts refuses every PUT once the upload is committed. */
  async promote() {}

  async write(key: string, bytes: Buffer) {
    await this.ensureFolderFor(key);
    // Written aside and renamed, so a reader never sees half a file.
    const partial = this.partialPathOf(key);
    await writeFile(partial, bytes);
    await rename(partial, this.pathOf(key));
  }

  /** A fresh file beside `key`'s to write into before renaming it over. */
  partialPathOf(key: string): string {
    return `${this.pathOf(key)}.${randomUUID()}.part`;
  }

  async remove(keys: string[]) {
    await Promise.all(
      keys.flatMap((k) => [
        rm(this.pathOf(k), { force: true }),
        rm(this.partsDirOf(k), { recursive: true, force: true }),
      ]),
    );
  }

  /** The folder that holds the parts of a multipart upload of `key`, one file per part named by its number. */
  partsDirOf(key: string): string {
    return `${this.pathOf(key)}.parts`;
  }

  /** Parts go to a folder made by their first PUT, so there is nothing to start. */
  async startParts() {
    return '';
  }

  async partUrl({ key }: MultipartRef, partNumber: number, maxBytes: number) {
    return this.sign({ op: 'part', key, partNumber, expires: this.expiry(), maxBytes });
  }

  async listParts({ key }: MultipartRef): Promise<StoredPart[]> {
    const dir = this.partsDirOf(key);
    const names = await readdir(dir).catch(() => [] as string[]);
    const parts = await Promise.all(
      names
        .filter((n) => /^[1-9][0-9]*$/.test(n))
        .map(async (n) => {
          const info = await stat(path.join(dir, n)).catch(() => null);
          return info && { partNumber: Number(n), size: info.size };
        }),
    );
    return parts.filter((p) => p !== null).sort((a, b) => a.partNumber - b.partNumber);
  }

  /** Streams the parts one after the other into a file beside the blob, then renames it into place. */
  async joinParts({ key }: MultipartRef, partCount: number) {
    const dir = this.partsDirOf(key);
    const partial = this.partialPathOf(key);
    const out = createWriteStream(partial, { highWaterMark: joinChunkBytes });
    // One listener for the whole join (a pipeline per part would add two per part, up to 10 000).
    let failure: Error | undefined;
    out.on('error', (error) => (failure = error));
    try {
      for (let n = 1; n <= partCount; n++) {
        for await (const chunk of createReadStream(path.join(dir, String(n)), {
          highWaterMark: joinChunkBytes,
        })) {
          if (failure) throw failure;
          if (!out.write(chunk)) await once(out, 'drain');
        }
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      if (failure) throw failure;
      await rename(partial, this.pathOf(key));
    } catch (error) {
      out.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    await rm(dir, { recursive: true, force: true });
  }

  async abortParts({ key }: MultipartRef) {
    await rm(this.partsDirOf(key), { recursive: true, force: true });
  }

  /** Writes and removes a probe file: permission bits alone say nothing to root or on a read-only mount. */
  async check() {
    await mkdir(this.dir, { recursive: true });
    const probe = path.join(this.dir, `.ready-${randomUUID()}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  }

  async *list(): AsyncIterable<StoredBlob> {
    for await (const file of this.files()) {
      if (isBlobKey(file.name)) yield { key: file.name, lastModified: file.modified };
    }
  }

  async removeAbandonedParts(
    before: Date,
    {
      dryRun = false,
      referenced = async () => new Set<string>(),
    }: { dryRun?: boolean; referenced?: (keys: string[]) => Promise<Set<string>> } = {},
  ) {
    const removed: string[] = [];
    const partsDirs: { key: string; path: string; name: string }[] = [];
    for await (const entry of this.entries()) {
      if (entry.modified >= before) continue;
      const partsOf = /^(.+)\.parts$/.exec(entry.name)?.[1];
      if (entry.isDirectory && partsOf && isBlobKey(partsOf)) {
        partsDirs.push({ key: partsOf, path: entry.path, name: entry.name });
      } else if (!entry.isDirectory && entry.name.endsWith('.part')) {
        if (!dryRun) await rm(entry.path, { force: true });
        removed.push(entry.name);
      }
    }
    // A parts folder is as old as its last part written; its upload's row keeps it until the sweep forgets it.
    const kept = await referenced(partsDirs.map((d) => d.key));
    for (const dir of partsDirs.filter((d) => !kept.has(d.key))) {
      if (!dryRun) await rm(dir.path, { recursive: true, force: true });
      removed.push(dir.name);
    }
    return removed;
  }

  /** Every file in the fan-out folders, with its last modification (a growing .part file keeps it fresh). */
  private async *files() {
    for await (const entry of this.entries()) if (!entry.isDirectory) yield entry;
  }

  /** Files and parts folders in the fan-out folders, with their last modification. */
  private async *entries() {
    const folders = await readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders.filter((f) => /^[0-9a-f]{2}$/.test(f))) {
      for (const name of await readdir(path.join(this.dir, folder)).catch(() => [] as string[])) {
        const file = path.join(this.dir, folder, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile() || info?.isDirectory())
          yield { name, path: file, modified: info.mtime, isDirectory: info.isDirectory() };
      }
    }
  }

  async ensureFolderFor(key: string) {
    await mkdir(path.dirname(this.pathOf(key)), { recursive: true });
  }

  /** The grant a URL's query carries, or null when it is forged, altered or expired. */
  verify(
    op: 'put' | 'get' | 'part',
    key: string,
    query: Record<string, unknown>,
    partNumber = 0,
  ): BlobGrant | null {
    const str = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
    const expires = Number(str('exp'));
    const grant: BlobGrant =
      op === 'put'
        ? { op, key, expires, maxBytes: Number(str('max')), contentType: str('ct') ?? '' }
        : op === 'part'
          ? { op, key, partNumber, expires, maxBytes: Number(str('max')) }
          : { op, key, expires, fileName: str('name'), contentType: str('ct') };
    const given = Buffer.from(str('sig') ?? '', 'base64url');
    const wanted = Buffer.from(this.signature(grant), 'base64url');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
    return expires * 1000 > this.now() ? grant : null;
  }

  private expiry() {
    return Math.floor(this.now() / 1000) + urlLifetimeSeconds;
  }

  private signature(grant: BlobGrant): string {
    const fields =
      grant.op === 'put'
        ? [grant.op, grant.key, grant.expires, grant.maxBytes, grant.contentType]
        : grant.op === 'part'
          ? [grant.op, grant.key, grant.partNumber, grant.expires, grant.maxBytes]
          : [grant.op, grant.key, grant.expires, grant.fileName ?? '', grant.contentType ?? ''];
    return createHmac('sha256', this.secret).update(fields.join('\n')).digest('base64url');
  }

  private sign(grant: BlobGrant): string {
    const query = new URLSearchParams({ exp: String(grant.expires) });
    if (grant.op === 'put') {
      query.set('max', String(grant.maxBytes));
      query.set('ct', grant.contentType);
    } else if (grant.op === 'part') {
      query.set('max', String(grant.maxBytes));
    } else {
      if (grant.fileName) query.set('name', grant.fileName);
      if (grant.contentType) query.set('ct', grant.contentType);
    }
    query.set('sig', this.signature(grant));
    const at = grant.op === 'part' ? `${grant.key}/parts/${grant.partNumber}` : grant.key;
    return `/blobs/${at}?${query}`;
  }
}
