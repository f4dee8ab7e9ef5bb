/**
 * A small in-process cache of values read from the database, for the reads every request makes
 * (the signed-in session, the balance). Nothing here knows SQL or time: the caller passes the
 * loader and the current time (the server's clock), and says when a value stops being valid.
 *
 * - An entry is used until its `validUntil` (the caller's, e.g. now + a TTL, or a session's expiry);
 *   a clock moved back before the entry was read makes it stale too.
 * - `forget(key)` while a read of that key is under way keeps the read's answer out of the cache
 *   (it may be older than the change that caused the forget); the reader still gets it.
 * - Concurrent reads of one key share one load.
 * - At most `maxEntries`: the oldest read goes first.
 * - While `enabled` is false (the notices of other servers' changes cannot arrive) every read loads
 *   and nothing is kept.
 * - `setReadCaching(false)` does the same for every cache of the process: what a page load costs
 *   when nothing it reads is kept (the cold side of `bench/balance.bench.ts`).
 */
import { recordCacheLookup } from '../metrics';

let caching = true;

/** Every ReadCache of this process keeps values (true, the default) or loads on every read (false). */
export function setReadCaching(on: boolean): void {
  caching = on;
}

export interface ReadCacheOptions {
  maxEntries: number;
  /** The cache's name in the metrics (casino_cache_lookups_total, casino_cache_hit_ratio); unnamed caches are not measured. */
  name?: string;
}

interface Entry<V> {
  value: V;
  loadedAt: number;
  validUntil: number;
}

/** A load under way, shared by the reads of its key that arrive meanwhile. */
interface Loading<V> {
  entry: Promise<Entry<V>>;
}

export class ReadCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #loading = new Map<string, Loading<V>>();
  #enabled = true;

  constructor(private readonly options: ReadCacheOptions) {}

  set enabled(on: boolean) {
    this.#enabled = on;
    if (!on) this.forgetAll();
  }

  get size(): number {
    return this.#entries.size;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /**
   * The cached value of `key`, or `load()`'s. `validUntil(value, loadedAt)` says until when a
   * loaded value may be used; a value valid for no time (validUntil <= loadedAt) is not kept.
   */
  async get(key: string, now: number, load: () => Promise<V>, validUntil: (value: V, loadedAt: number) => number): Promise<V> {
    if (!caching) return load();
    const cached = this.#entries.get(key);
    const hit = cached !== undefined && now < cached.validUntil && now >= cached.loadedAt;
    if (this.options.name && this.#enabled) recordCacheLookup(this.options.name, hit);
    if (hit) return cached.value;
    if (!this.#enabled) return load();
    let loading = this.#loading.get(key);
    if (!loading) {
      const mine = { entry: null as unknown as Promise<Entry<V>> };
      mine.entry = load().then(
        (value) => this.#settle(key, mine, { value, loadedAt: now, validUntil: validUntil(value, now) }),
        (error: unknown) => {
          if (this.#loading.get(key) === mine) this.#loading.delete(key);
          throw error;
        },
      );
      this.#loading.set(key, mine);
      loading = mine;
    }
    return (await loading.entry).value;
  }

  /** Keeps a loaded entry unless a forget came while it was read (forget removes the key from #loading). */
  #settle(key: string, load: Loading<V>, entry: Entry<V>): Entry<V> {
    if (this.#loading.get(key) !== load) return entry;
    this.#loading.delete(key);
    this.#entries.delete(key);
    if (this.#enabled && entry.validUntil > entry.loadedAt) {
      if (this.#entries.size >= this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  forget(key: string): void {
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  /** Forgets the entries whose value matches (a change that concerns several keys, e.g. an account's sessions). */
  forgetWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key);
    // A read under way may answer a value from before the change: none of them is kept.
    this.#loading.clear();
  }

  forgetAll(): void {
    this.#entries.clear();
    this.#loading.clear();
  }
}

/** One cache per key object (a database: `instanceOf(db).key`), made by `make` on first use. */
export function cachePerKey<V>(make: () => ReadCache<V>): (key: object) => ReadCache<V> {
  const caches = new WeakMap<object, ReadCache<V>>();
  return (key) => {
    let cache = caches.get(key);
    if (!cache) caches.set(key, (cache = make()));
    return cache;
  };
}
