/**
 * Integers appended one after another into a typed array that doubles as it fills: the kept catalogue's builds
 * append millions (each product's words, its facet values), which as plain arrays were that much more for the
 * garbage collector to trace and copy while shoppers waited.
 */
export class IntList {
  private items = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = value;
  }

  /** The integers appended so far, over the list's memory: for a list read once and dropped. */
  view(): Int32Array {
    return this.items.subarray(0, this.length);
  }

  /** The integers appended so far, as an array of their own (a kept one holds no room to grow). */
  toArray(): Int32Array {
    return this.items.slice(0, this.length);
  }
}
