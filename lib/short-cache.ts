// A small in-memory cache for seconds: entries live `ttlMs`, the whole cache holds at most
// `maxEntries` entries and `maxBytes` (the oldest go first), and `clear()` empties it. A value
// computed while a `clear()` happened is returned but not kept: it may hold what was just changed.
// Concurrent misses of one key share one computation, so an expiring page under load is rendered
// once, not once per waiting request.
export interface ShortCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  storedAt: number;
}

export class ShortCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, Promise<V>>();
  private bytes = 0;
  private generation = 0;
  private readonly now: () => number;
  private readonly options: ShortCacheOptions;

  constructor(options: ShortCacheOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.ttlMs) {
      this.drop(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The cached value, or `compute()`'s, kept when `keep(value)` says so (and its size, from
   * `sizeOf`, fits). Concurrent calls for one key share one computation.
   */
  async getOrCompute(
    key: string,
    compute: () => Promise<V>,
    keep: (value: V) => boolean = () => true,
    sizeOf: (value: V) => number = () => 1,
  ): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const work = compute().then((value) => {
      if (generation === this.generation && keep(value)) this.set(key, value, sizeOf(value));
      return value;
    });
    this.pending.set(key, work);
    try {
      return await work;
    } finally {
      if (this.pending.get(key) === work) this.pending.delete(key);
    }
  }

  set(key: string, value: V, bytes = 1): void {
    if (bytes > this.options.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { value, bytes, storedAt: this.now() });
    this.bytes += bytes;
    // Maps keep insertion order: the first keys are the oldest.
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.drop(k, e);
    }
  }

  /** Forgets everything, and whatever is being computed now. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  private drop(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
