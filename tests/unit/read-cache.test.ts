import { describe, expect, it } from 'vitest';
import { ReadCache, setReadCaching } from '../../server/lib/read-cache';

/** The sessions' and balances' cache, free of SQL and of the clock: the caller passes the time. */
const TTL = 1_000;
const ttl = (_v: unknown, loadedAt: number) => loadedAt + TTL;

/** A loader whose reads are counted and which answers when the test says so. */
function source(values: Record<string, string>) {
  const pending: Array<() => void> = [];
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    values,
    /** Answers at once. */
    now: (key: string) => async () => {
      reads++;
      return values[key];
    },
    /** Answers what the value is when `release()` is called (a read that takes a while). */
    slow: (key: string) => () => {
      reads++;
      return new Promise<string>((resolve) => pending.push(() => resolve(values[key])));
    },
    release: () => {
      for (const answer of pending.splice(0)) answer();
    },
  };
}

describe('ReadCache', () => {
  it('answers from the cache until validUntil, then reads again', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'one' });
    expect(await cache.get('a', 0, db.now('a'), ttl)).toBe('one');
    db.values.a = 'two';
    expect(await cache.get('a', 999, db.now('a'), ttl)).toBe('one');
    expect(db.reads).toBe(1);
    expect(await cache.get('a', 1_000, db.now('a'), ttl)).toBe('two');
    expect(db.reads).toBe(2);
  });

  it('setReadCaching(false) makes every read load, for every cache, until it is turned back on', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'one' });
    await cache.get('a', 0, db.now('a'), ttl);
    try {
      setReadCaching(false);
      await cache.get('a', 1, db.now('a'), ttl);
      await cache.get('a', 2, db.now('a'), ttl);
      expect(db.reads).toBe(3);
    } finally {
      setReadCaching(true);
    }
    await cache.get('a', 3, db.now('a'), ttl);
    expect(db.reads).toBe(3);
  });

  it('reads again when the clock went back before the entry was read', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'one' });
    await cache.get('a', 5_000, db.now('a'), ttl);
    db.values.a = 'two';
    expect(await cache.get('a', 4_999, db.now('a'), ttl)).toBe('two');
  });

  it('forget makes the next read go to the source', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'one' });
    await cache.get('a', 0, db.now('a'), ttl);
    db.values.a = 'two';
    cache.forget('a');
    expect(cache.has('a')).toBe(false);
    expect(await cache.get('a', 1, db.now('a'), ttl)).toBe('two');
  });

  it('a read under way when its key is forgotten answers its reader but is not kept', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'old' });
    const racing = cache.get('a', 0, db.slow('a'), ttl);
    // The change commits and its notice arrives while the read is under way; the read saw the old row.
    cache.forget('a');
    db.release();
    db.values.a = 'new';
    expect(await racing).toBe('old');
    expect(cache.has('a')).toBe(false);
    expect(await cache.get('a', 1, db.now('a'), ttl)).toBe('new');
  });

  it('forgetWhere drops the matching entries and keeps no read under way', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'x:1', b: 'x:2', c: 'y:3' });
    await cache.get('a', 0, db.now('a'), ttl);
    await cache.get('b', 0, db.now('b'), ttl);
    const racing = cache.get('c', 0, db.slow('c'), ttl);
    cache.forgetWhere((v) => v.startsWith('x:'));
    db.release();
    await racing;
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, false, false]);
  });

  it('concurrent reads of one key share one load', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'one' });
    const reads = [cache.get('a', 0, db.slow('a'), ttl), cache.get('a', 0, db.slow('a'), ttl), cache.get('a', 1, db.slow('a'), ttl)];
    db.release();
    expect(await Promise.all(reads)).toEqual(['one', 'one', 'one']);
    expect(db.reads).toBe(1);
  });

  it('a failed load is not kept and the next read tries again', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    await expect(cache.get('a', 0, () => Promise.reject(new Error('database away')), ttl)).rejects.toThrow('database away');
    expect(await cache.get('a', 0, async () => 'back', ttl)).toBe('back');
  });

  it('does not keep a value valid for no time (an unknown session, an expired one)', async () => {
    const cache = new ReadCache<string | null>({ maxEntries: 10 });
    const db = source({});
    expect(
      await cache.get(
        'a',
        0,
        async () => null,
        (v, at) => (v ? at + TTL : at),
      ),
    ).toBeNull();
    expect(cache.has('a')).toBe(false);
    expect(db.reads).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest read first', async () => {
    const cache = new ReadCache<string>({ maxEntries: 2 });
    const db = source({ a: '1', b: '2', c: '3' });
    for (const key of ['a', 'b', 'c']) await cache.get(key, 0, db.now(key), ttl);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    expect(cache.size).toBe(2);
  });

  it('disabled, it keeps nothing and reads every time; disabling drops what it held', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const db = source({ a: 'one' });
    await cache.get('a', 0, db.now('a'), ttl);
    cache.enabled = false;
    expect(cache.has('a')).toBe(false);
    await cache.get('a', 1, db.now('a'), ttl);
    await cache.get('a', 2, db.now('a'), ttl);
    expect(db.reads).toBe(3);
    expect(cache.size).toBe(0);
    cache.enabled = true;
    await cache.get('a', 3, db.now('a'), ttl);
    await cache.get('a', 4, db.now('a'), ttl);
    expect(db.reads).toBe(4);
  });
});
