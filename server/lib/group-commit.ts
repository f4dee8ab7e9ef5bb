/**
 * Group commit, as a database does it: one batch runs at a time and the items that arrive meanwhile
 * wait and go together in the next batch. Under load one batch (one statement, one commit) carries
 * many items; alone, an item goes at once. A further batch starts only when a full batch's worth
 * waits, up to `maxInFlight` batches at once.
 *
 * Items with the same `key` never share a batch (a player's rounds go one per statement, in order).
 * When a batch fails as a whole, each of its items is retried alone, through the same queue, so the
 * retries respect `maxInFlight` too and the failure lands on the item it belongs to.
 *
 * Nothing here knows what a batch does: `runBatch` answers one result per item, in order.
 */
import { recordGroupCommitBatch } from '../metrics';

export interface GroupCommitOptions<T, R> {
  runBatch: (items: T[]) => Promise<R[]>;
  key: (item: T) => string;
  maxBatch: number;
  maxInFlight: number;
  /** The queue's name in the metrics (casino_group_commit_batch_size); unnamed queues are not measured. */
  name?: string;
}

interface Waiting<T, R> {
  item: T;
  /** Failed in a shared batch: runs in a batch of its own. */
  alone: boolean;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitQueue<T, R> {
  private waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  /** Batches running now (for tests and metrics). */
  get running(): number {
    return this.inFlight;
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, alone: false, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const { maxBatch, maxInFlight } = this.options;
    while (this.waiting.length > 0 && this.inFlight < maxInFlight && (this.inFlight === 0 || this.waiting.length >= maxBatch || this.waiting[0].alone)) {
      const batch = this.takeBatch();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The next batch: a retried item alone, or up to maxBatch items with distinct keys, oldest first. */
  private takeBatch(): Array<Waiting<T, R>> {
    if (this.waiting[0].alone) return [this.waiting.shift()!];
    const batch: Array<Waiting<T, R>> = [];
    const later: Array<Waiting<T, R>> = [];
    const keys = new Set<string>();
    for (const w of this.waiting) {
      const key = this.options.key(w.item);
      if (!w.alone && batch.length < this.options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(w);
      } else later.push(w);
    }
    this.waiting = later;
    return batch;
  }

  private async run(batch: Array<Waiting<T, R>>): Promise<void> {
    if (this.options.name) recordGroupCommitBatch(this.options.name, batch.length);
    let results: R[];
    try {
      results = await this.options.runBatch(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // Each item again, alone, ahead of the items that came later.
      this.waiting.unshift(...batch.map((w) => ({ ...w, alone: true })));
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(results[i]);
  }
}
