/**
 * Values worked out from request headers, kept by those headers (the page cache's key and
 * encoding: the same few header combinations come all day). Bounded: past `entries` it starts
 * over, and inputs longer than `longest` characters (odd headers, never the common case) are not
 * kept, so a flood of distinct requests costs a bounded amount of memory.
 */
export class Memo<V> {
  private readonly values = new Map<string, V>();

  constructor(
    private readonly entries: number,
    private readonly longest: number,
  ) {}

  get(inputs: string, compute: () => V): V {
    if (this.values.has(inputs)) return this.values.get(inputs) as V;
    const value = compute();
    if (inputs.length <= this.longest) {
      if (this.values.size >= this.entries) this.values.clear();
      this.values.set(inputs, value);
    }
    return value;
  }

  get size(): number {
    return this.values.size;
  }
}
