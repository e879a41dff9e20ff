import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  truncate,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredPart } from '@site/contract';
import { AppError } from '../http/app-error.ts';
import {
  isBlobKey,
  urlLifetimeSeconds,
  type BlobStore,
  type MultipartRef,
  type PartPlace,
  type StoredBlob,
} from './blob-store.ts';
import { FileReadStream } from './file-read-stream.ts';
import { writeFileAt } from './write-at.ts';

export type BlobGrant =
  | { op: 'put'; key: string; expires: number; maxBytes: number; contentType: string }
  | { op: 'part'; key: string; partNumber: number; offset: number; expires: number; maxBytes: number }
  | { op: 'get'; key: string; expires: number; fileName?: string; contentType?: string };

/**
 * Blobs as files under `dir`, reached through /blobs/<key> URLs that carry an HMAC of what they allow and until
 * when. Served by blob-routes.ts, which also lets a PUT through only while its upload is pending.
 */
export class LocalBlobStore implements BlobStore {
  private readonly now: () => number;
  /** Bytes its disk keeps free for everything else on it (the database first); see `spareBytes`. */
  private readonly reserveBytes: number;

  constructor(
    readonly dir: string,
    private readonly secret: string,
    { now = () => Date.now(), reserveBytes = 0 }: { now?: () => number; reserveBytes?: number } = {},
  ) {
    this.now = now;
    this.reserveBytes = reserveBytes;
  }

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
    return new FileReadStream(this.pathOf(key));
  }

  /** Uploads are written in place; blob-routes.ts refuses every PUT once the upload is committed. */
  async promote() {}

  async write(key: string, bytes: Buffer) {
    await this.ensureFolderFor(key);
    // Written aside and renamed, so a reader never sees half a file.
    const partial = this.partialPathOf(key);
    try {
      await writeFile(partial, bytes);
      await rename(partial, this.pathOf(key));
    } catch (error) {
      // A full disk leaves part of the bytes behind, taking room nothing will ever free.
      await rm(partial, { force: true });
      throw error;
    }
  }

  async writeStream(key: string, source: Readable) {
    await this.ensureFolderFor(key);
    const partial = this.partialPathOf(key);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(partial, { flush: true }));
      await rename(partial, this.pathOf(key));
      return bytes;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** A clone where the file system shares blocks until either changes (btrfs, XFS), else a plain copy. */
  async copy(from: string, to: string) {
    await this.ensureFolderFor(to);
    const partial = this.partialPathOf(to);
    try {
      await copyFile(this.pathOf(from), partial, constants.COPYFILE_FICLONE);
      await rename(partial, this.pathOf(to));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** A fresh file beside `key`'s to write into before renaming it over. */
  partialPathOf(key: string): string {
    return `${this.pathOf(key)}.${randomUUID()}.part`;
  }

  async remove(keys: string[]) {
    await Promise.all(keys.flatMap((k) => [rm(this.pathOf(k), { force: true }), this.removeParts(k)]));
  }

  /**
   * Removes the parts folder of `key` now, and again once the part writes in flight for it have ended: a write
   * that was let in before its upload was aborted or swept may make the folder again, and nothing may keep it.
   * (One server process writes the parts, as `joinParts` also assumes; any other leftover goes with the sweep of
   * abandoned parts.)
   */
  private async removeParts(key: string) {
    const dir = this.partsDirOf(key);
    await rm(dir, { recursive: true, force: true });
    const writes = this.partWrites.get(key);
    if (!writes) return;
    void Promise.allSettled([...writes]).then(() =>
      rm(dir, { recursive: true, force: true }).catch(() => {}),
    );
  }

  /**
   * The folder of a multipart upload of `key`: `data`, the one file every part is written into at its offset
   * (so completing is a rename, not a copy), and a marker per stored part, named by its number.
   */
  partsDirOf(key: string): string {
    return `${this.pathOf(key)}.parts`;
  }

  /** Parts go to a folder made by their first PUT, so there is nothing to start. */
  async startParts() {
    return '';
  }

  async partUrl({ key }: MultipartRef, { partNumber, offset, maxBytes }: PartPlace) {
    return this.sign({ op: 'part', key, partNumber, offset, expires: this.expiry(), maxBytes });
  }

  /**
   * Writes the bytes of an upload PUT (at most `maxBytes`) as the blob `key`: into a file beside it, on disk
   * before it is renamed into place, so neither a reader nor a crash ever finds half a file under its name.
   * `mayKeep` is asked once the bytes are on disk; false throws them away and answers false.
   */
  async writeUpload(
    key: string,
    source: AsyncIterable<Buffer>,
    maxBytes: number,
    mayKeep: () => Promise<boolean> = async () => true,
  ): Promise<boolean> {
    await this.ensureFolderFor(key);
    const partial = this.partialPathOf(key);
    try {
      await writeFileAt(partial, 'w', source, 0, maxBytes);
      if (!(await mayKeep())) {
        await rm(partial, { force: true });
        return false;
      }
      await rename(partial, this.pathOf(key));
      return true;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * Writes part `partNumber` (at most `maxBytes`) at `offset` of its upload's data file, then marks it stored.
   * Its marker goes first and comes back only once the bytes are on disk (datasync), so a part that is listed is
   * whole even after a crash, and a part sent again is not listed until it has arrived again. Two PUTs of the
   * same part take turns. `mayWrite` is asked once this write is known to `joinParts`, which waits for it: a
   * join that began before cannot miss it, and one that begins after is refused by `mayWrite`.
   */
  async writePart(
    { key, partNumber, offset, maxBytes }: { key: string } & PartPlace,
    source: AsyncIterable<Buffer>,
    mayWrite: () => Promise<boolean>,
  ): Promise<boolean> {
    const turn = `${key}/${partNumber}`;
    const before = this.partTurns.get(turn);
    const write = (async () => {
      await before?.catch(() => undefined);
      if (!(await mayWrite())) return false;
      const dir = this.partsDirOf(key);
      await mkdir(dir, { recursive: true });
      const marker = path.join(dir, String(partNumber));
      await rm(marker, { force: true });
      const data = path.join(dir, 'data');
      const size = await writeFileAt(data, constants.O_RDWR | constants.O_CREAT, source, offset, maxBytes);
      const partial = `${marker}.${randomUUID()}.part`;
      try {
        await writeFile(partial, `${offset} ${size}`);
      } catch (error) {
        // The folder went while the bytes were on their way: the upload was aborted or swept.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      await rename(partial, marker);
      return true;
    })();
    this.partTurns.set(turn, write);
    const writes = this.partWrites.get(key) ?? new Set();
    this.partWrites.set(key, writes.add(write));
    try {
      return await write;
    } finally {
      if (this.partTurns.get(turn) === write) this.partTurns.delete(turn);
      writes.delete(write);
      if (writes.size === 0 && this.partWrites.get(key) === writes) this.partWrites.delete(key);
    }
  }

  /** The last PUT of each part in flight, which the next PUT of that part waits for. */
  private readonly partTurns = new Map<string, Promise<boolean>>();
  /** Part writes in flight by upload, which a join waits for (one server process writes the parts). */
  private readonly partWrites = new Map<string, Set<Promise<boolean>>>();

  async listParts({ key }: MultipartRef): Promise<StoredPart[]> {
    return (await this.markers(key)).map(({ partNumber, size }) => ({ partNumber, size }));
  }

  /** The stored parts with where each begins, from their markers (an unreadable one is a part not stored). */
  private async markers(key: string) {
    const dir = this.partsDirOf(key);
    const names = await readdir(dir).catch(() => [] as string[]);
    const parts = await Promise.all(
      names
        .filter((n) => /^[1-9][0-9]*$/.test(n))
        .map(async (n) => {
          const text = await readFile(path.join(dir, n), 'utf8').catch(() => '');
          const [, offset, size] = /^(\d+) (\d+)$/.exec(text) ?? [];
          if (offset === undefined || size === undefined) return null;
          return { partNumber: Number(n), offset: Number(offset), size: Number(size) };
        }),
    );
    return parts.filter((p) => p !== null).sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Makes the data file the blob: cut to the end of part `partCount` (a longer copy of the last part sent
   * earlier may have left bytes beyond it) and renamed into place. Part writes still in flight are waited for
   * first, and every part must still be marked, else nothing changes.
   */
  async joinParts({ key }: MultipartRef, partCount: number) {
    await Promise.allSettled([...(this.partWrites.get(key) ?? [])]);
    const parts = await this.markers(key);
    const last = parts.find((p) => p.partNumber === partCount);
    if (parts.filter((p) => p.partNumber <= partCount).length !== partCount || !last) {
      throw new AppError('conflict', 'A part was sent again while completing; complete the upload again');
    }
    const dir = this.partsDirOf(key);
    const data = path.join(dir, 'data');
    await truncate(data, last.offset + last.size);
    await rename(data, this.pathOf(key));
    await rm(dir, { recursive: true, force: true });
  }

  async abortParts({ key }: MultipartRef) {
    await this.removeParts(key);
  }

  /** Writes and removes a probe file: permission bits alone say nothing to root or on a read-only mount. */
  async check() {
    await mkdir(this.dir, { recursive: true });
    const probe = path.join(this.dir, `.ready-${randomUUID()}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  }

  /**
   * Bytes free to unprivileged writers on the disk of `dir` (or of its nearest existing folder), less the reserve.
   * One statfs per call, some tens of microseconds: no cache, so room made by an operator counts at once.
   */
  async spareBytes(): Promise<number> {
    for (let at = this.dir; ; at = path.dirname(at)) {
      try {
        const disk = await statfs(at);
        return disk.bavail * disk.bsize - this.reserveBytes;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) throw error;
      }
    }
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
          ? { op, key, partNumber, offset: Number(str('at')), expires, maxBytes: Number(str('max')) }
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
          ? [grant.op, grant.key, grant.partNumber, grant.offset, grant.expires, grant.maxBytes]
          : [grant.op, grant.key, grant.expires, grant.fileName ?? '', grant.contentType ?? ''];
    return createHmac('sha256', this.secret).update(fields.join('\n')).digest('base64url');
  }

  private sign(grant: BlobGrant): string {
    const query = new URLSearchParams({ exp: String(grant.expires) });
    if (grant.op === 'put') {
      query.set('max', String(grant.maxBytes));
      query.set('ct', grant.contentType);
    } else if (grant.op === 'part') {
      query.set('at', String(grant.offset));
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
