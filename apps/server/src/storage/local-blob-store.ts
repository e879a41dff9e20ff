import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isBlobKey, urlLifetimeSeconds, type BlobStore, type StoredBlob } from './blob-store.ts';

export type BlobGrant =
  | { op: 'put'; key: string; expires: number; maxBytes: number; contentType: string }
  | { op: 'get'; key: string; expires: number; fileName?: string; contentType?: string };

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
    await Promise.all(keys.map((k) => rm(this.pathOf(k), { force: true })));
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

  async removeAbandonedParts(before: Date, { dryRun = false } = {}) {
    const removed: string[] = [];
    for await (const file of this.files()) {
      if (!file.name.endsWith('.part') || file.modified >= before) continue;
      if (!dryRun) await rm(file.path, { force: true });
      removed.push(file.name);
    }
    return removed;
  }

  /** Every file in the fan-out folders, with its last modification (a growing .part file keeps it fresh). */
  private async *files() {
    const folders = await readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders.filter((f) => /^[0-9a-f]{2}$/.test(f))) {
      for (const name of await readdir(path.join(this.dir, folder)).catch(() => [] as string[])) {
        const file = path.join(this.dir, folder, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) yield { name, path: file, modified: info.mtime };
      }
    }
  }

  async ensureFolderFor(key: string) {
    await mkdir(path.dirname(this.pathOf(key)), { recursive: true });
  }

  /** The grant a URL's query carries, or null when it is forged, altered or expired. */
  verify(op: 'put' | 'get', key: string, query: Record<string, unknown>): BlobGrant | null {
    const str = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
    const expires = Number(str('exp'));
    const grant: BlobGrant =
      op === 'put'
        ? { op, key, expires, maxBytes: Number(str('max')), contentType: str('ct') ?? '' }
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
        : [grant.op, grant.key, grant.expires, grant.fileName ?? '', grant.contentType ?? ''];
    return createHmac('sha256', this.secret).update(fields.join('\n')).digest('base64url');
  }

  private sign(grant: BlobGrant): string {
    const query = new URLSearchParams({ exp: String(grant.expires) });
    if (grant.op === 'put') {
      query.set('max', String(grant.maxBytes));
      query.set('ct', grant.contentType);
    } else {
      if (grant.fileName) query.set('name', grant.fileName);
      if (grant.contentType) query.set('ct', grant.contentType);
    }
    query.set('sig', this.signature(grant));
    return `/blobs/${grant.key}?${query}`;
  }
}
