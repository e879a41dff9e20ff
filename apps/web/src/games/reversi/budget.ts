/** Thrown (as this exact object) to unwind a search whose time budget has run out. */
export const OUT_OF_TIME = new Error('out of time');

/** Counts visited nodes and stops a search at its deadline, looking at the clock only every 1024 nodes. */
export class Budget {
  /** Nodes visited so far. */
  nodes = 0;

  constructor(
    private readonly deadline: number,
    private readonly now: () => number,
  ) {}

  /** Counts one node; throws {@link OUT_OF_TIME} once the deadline has passed. */
  tick(): void {
    if ((++this.nodes & 1023) === 0 && this.now() > this.deadline) throw OUT_OF_TIME;
  }
}
