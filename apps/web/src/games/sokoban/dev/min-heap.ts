/** A binary min-heap of items keyed by a number; items with equal keys come out in no set order. */
export class MinHeap<T> {
  private readonly items: T[] = [];
  private readonly keys: number[] = [];

  /** Number of items waiting. */
  get size(): number {
    return this.items.length;
  }

  /** Adds an item with its priority key. */
  push(item: T, key: number): void {
    this.items.push(item);
    this.keys.push(key);
    this.up(this.items.length - 1);
  }

  /** Removes and returns the item with the smallest key, or undefined when empty. */
  pop(): T | undefined {
    const top = this.items[0];
    const lastItem = this.items.pop();
    const lastKey = this.keys.pop();
    if (this.items.length > 0 && lastItem !== undefined && lastKey !== undefined) {
      this.items[0] = lastItem;
      this.keys[0] = lastKey;
      this.down(0);
    }
    return top;
  }

  private key(i: number): number {
    return this.keys[i] as number;
  }

  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b] as T, this.items[a] as T];
    [this.keys[a], this.keys[b]] = [this.key(b), this.key(a)];
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.key(parent) <= this.key(i)) return;
      this.swap(parent, i);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.items.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.key(left) < this.key(smallest)) smallest = left;
      if (right < n && this.key(right) < this.key(smallest)) smallest = right;
      if (smallest === i) return;
      this.swap(smallest, i);
      i = smallest;
    }
  }
}
