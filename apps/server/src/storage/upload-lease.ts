import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

type Uploads = Pick<Db, 'pendingUpload'>;

/**
 * A completion's hold on a pending upload: a PUT writing its bytes (local store), or create-file joining its parts.
 * The row's `receivedAt` is when the holder took or last renewed it, and is also the holder's token: only the one
 * that wrote it renews or gives it back. A holder renews while its bytes move, so a claim left alone for `leaseMs`
 * is one whose process died (or whose sender went silent), and the next completion takes it over.
 *
 * Times come from the app servers' clocks, as the job queue's locks do: they must agree to well within a lease.
 */
export class UploadLease {
  private constructor(
    private readonly db: Uploads,
    readonly key: string,
    private since: Date,
    readonly leaseMs: number,
  ) {}

  /**
   * Claims the upload `key` while its row exists and no completion holds it: never claimed, given back, or not
   * renewed for `leaseMs`. One statement, so of two completions only one ever holds it. Null otherwise.
   */
  static async take(
    db: Uploads,
    key: string,
    leaseMs: number,
    now = new Date(),
  ): Promise<UploadLease | null> {
    const lapsed = new Date(now.getTime() - leaseMs);
    const { count } = await db.pendingUpload.updateMany({
      where: { id: key, OR: [{ receivedAt: null }, { receivedAt: { lt: lapsed } }] },
      data: { receivedAt: now },
    });
    return count === 1 ? new UploadLease(db, key, now, leaseMs) : null;
  }

  /**
   * Holds the upload for another `leaseMs` from `now`; false once another completion took it over (or the upload
   * is gone), and then this one must stop and keep nothing.
   */
  async renew(now = new Date()): Promise<boolean> {
    const { count } = await this.db.pendingUpload.updateMany({
      where: { id: this.key, receivedAt: this.since },
      data: { receivedAt: now },
    });
    if (count === 1) this.since = now;
    return count === 1;
  }

  /**
   * True while this holder still holds the upload for long enough to finish (a rename): surely so within a quarter
   * lease of its last renewal, else once renewed now. False once another completion took it over.
   */
  async hold(): Promise<boolean> {
    return Date.now() - this.since.getTime() < this.renewEveryMs || this.renew();
  }

  /** Gives the upload back after a failed completion, so the next may begin at once; not if it was taken over. */
  async release(): Promise<void> {
    await this.db.pendingUpload.updateMany({
      where: { id: this.key, receivedAt: this.since },
      data: { receivedAt: null },
    });
  }

  /** How often a holder renews: four times a lease, so one slow or failed renewal does not lose it. */
  get renewEveryMs(): number {
    return this.leaseMs / 4;
  }

  /**
   * Runs `work` (a join, which moves no bytes through this process), renewing the lease while it runs. A renewal
   * that fails (the database away a moment) is tried again at the next tick.
   */
  async holdWhile<T>(work: () => Promise<T>): Promise<T> {
    let renewal: Promise<boolean> = Promise.resolve(true);
    const timer = setInterval(() => {
      renewal = this.renew().catch(() => false);
    }, this.renewEveryMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
      // Landed before the caller gives the upload back, which names the last renewal.
      await renewal;
    }
  }

  /**
   * The bytes of `source`, renewing the lease as they flow. A sender that stalls renews nothing, so after
   * `leaseMs` a new PUT may take over; if one did, this stream throws (409) and its bytes are not kept.
   */
  async *renewing(source: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    for await (const chunk of source) {
      if (!(await this.hold())) throw takenOver();
      yield chunk;
    }
  }
}

/** The answer to a completion whose lease another one took over while it ran. */
export const takenOver = () =>
  new AppError('conflict', 'Another request took this upload over; its bytes are the ones kept');
