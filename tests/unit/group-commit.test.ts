import { describe, expect, it } from 'vitest';
import { GroupCommitQueue } from '../../server/lib/group-commit';

/** The round queue's batching, free of SQL: batches, keys, the in-flight cap and split retries. */
interface Item {
  key: string;
  value: number;
  fail?: boolean;
}

function harness(opts: { maxBatch: number; maxInFlight: number; failWhen?: (batch: Item[]) => boolean }) {
  const batches: Item[][] = [];
  let running = 0;
  let peak = 0;
  const gates: Array<() => void> = [];
  const queue = new GroupCommitQueue<Item, number>({
    maxBatch: opts.maxBatch,
    maxInFlight: opts.maxInFlight,
    key: (item) => item.key,
    runBatch: async (items) => {
      batches.push(items);
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      if (opts.failWhen?.(items)) throw new Error('batch failed');
      return items.map((i) => i.value * 10);
    },
  });
  /** Lets every batch running now finish (and the next ones start). */
  const step = async () => {
    await new Promise((r) => setTimeout(r, 0));
    for (const g of gates.splice(0)) g();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { queue, batches, step, peak: () => peak };
}

describe('group commit queue', () => {
  it('runs an item alone at once, and the items arriving meanwhile together in the next batch', async () => {
    const h = harness({ maxBatch: 32, maxInFlight: 4 });
    const first = h.queue.submit({ key: 'a', value: 1 });
    const later = [2, 3, 4].map((v) => h.queue.submit({ key: `k${v}`, value: v }));
    expect(h.batches.map((b) => b.map((i) => i.value))).toEqual([[1]]);
    await h.step();
    expect(await first).toBe(10);
    expect(h.batches.map((b) => b.map((i) => i.value))).toEqual([[1], [2, 3, 4]]);
    await h.step();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("never puts two items of one key in a batch, and keeps a key's items in order", async () => {
    const h = harness({ maxBatch: 32, maxInFlight: 1 });
    const all = [h.queue.submit({ key: 'x', value: 0 }), ...[1, 2, 3].map((v) => h.queue.submit({ key: v === 2 ? 'y' : 'x', value: v }))];
    for (let i = 0; i < 4; i++) await h.step();
    await Promise.all(all);
    expect(h.batches.map((b) => b.map((i) => i.value))).toEqual([[0], [1, 2], [3]]);
  });

  it('caps batches at maxBatch and starts a second batch only when a full batch waits, up to maxInFlight', async () => {
    const h = harness({ maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((v) => h.queue.submit({ key: `k${v}`, value: v }));
    expect(h.batches.map((b) => b.length)).toEqual([1, 2]);
    expect(h.queue.running).toBe(2);
    for (let i = 0; i < 5; i++) await h.step();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(h.peak()).toBe(2);
    expect(h.batches.every((b) => b.length <= 2)).toBe(true);
  });

  it('retries each item of a failed batch alone, within the in-flight cap, and fails only the faulty item', async () => {
    const h = harness({ maxBatch: 8, maxInFlight: 2, failWhen: (batch) => batch.some((i) => i.fail) });
    const first = h.queue.submit({ key: 'a', value: 1 });
    const rest = Promise.allSettled([2, 3, 4, 5, 6].map((v) => h.queue.submit({ key: `k${v}`, value: v, fail: v === 4 })));
    for (let i = 0; i < 10; i++) await h.step();
    expect(await first).toBe(10);
    const settled = await rest;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(h.peak()).toBeLessThanOrEqual(2);
    // The shared batch failed once; then each of its items ran alone.
    const sizes = h.batches.map((b) => b.length);
    expect(sizes).toEqual([1, 5, 1, 1, 1, 1, 1]);
  });
});
