import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Updateable } from 'kysely';
import { LIVE_TABLES, liveResult, liveSpotReturn, type LiveEvent, type LiveTableDef } from '../../../contracts/live-tables';
import type { Db, DbOrTrx } from '../../db';
import type { AppHooks } from '../../lib/hooks';
import { clock } from '../../clock';
import { postMovementIn } from '../wallet';
import type { LiveBroker } from './broker';
import { chainFor, seedAt, seedHash, type ChainRow } from './chain';
import type { LiveHub } from './hub';
import type { LiveTables } from './tables';
import { betTotals, latestRound, loadTableState, roundState, type RoundRow } from './state';

/**
 * The tables' clocks (docs/decisions/0025, "One clock"). Every instance runs this loop; for each table
 * the instance holding its lease (a row of live_leases, renewed every LEASE_RENEW_MS, lapsing after
 * LEASE_MS) drives its rounds: open (bets accepted until closes_at), close, settle at result_at with
 * the result of the round's seed, pause, next. Each step is a conditional update of the round's
 * status, so a step done twice (a lease lost and taken over mid-step) does nothing the second time;
 * each bet ends once (won, lost or refunded) in the transaction that pays it. A round found more
 * than STALE_MS past its result time (every instance was down) is refunded instead.
 */
export const LEASE_MS = 6_000;
const LEASE_RENEW_MS = 2_000;
const TICK_MS = 200;
const BETS_EVERY_MS = 500;
const PRESENCE_EVERY_MS = 2_000;
export const STALE_MS = 30_000;

/** LIVE_FAST: every table's pace for end-to-end tests and demos. */
export const FAST_PACE = { bettingMs: 4_000, drawMs: 1_500, pauseMs: 1_000 };

interface Held {
  until: number;
  renewedAt: number;
  round: RoundRow | null;
  betsKey: string;
  betsAt: number;
  presenceAt: number;
}

export interface StepCounts {
  opened: number;
  settled: number;
  refunded: number;
  takenOver: number;
}

export class LiveRunner {
  readonly tables: LiveTableDef[];
  private readonly held = new Map<string, Held>();
  /** Tables with an event the broker did not take: their watchers need a snapshot. */
  private readonly unpublished = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  readonly counts: StepCounts = { opened: 0, settled: 0, refunded: 0, takenOver: 0 };

  constructor(
    private readonly db: Db,
    private readonly broker: LiveBroker,
    private readonly hub: LiveHub,
    readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
    fast: boolean,
    /** Each settled bet is a played round for the modules that follow play (progression: levels, missions). */
    private readonly hooks?: Pick<AppHooks, 'roundPlayed'>,
  ) {
    this.tables = LIVE_TABLES.map((t) => (fast ? { ...t, ...FAST_PACE } : t));
  }

  start() {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  private async tick() {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const table of this.tables) {
        try {
          await this.step(table.id);
        } catch (error) {
          this.log.warn({ err: error, table: table.id }, 'live table step failed');
        }
      }
    } finally {
      this.busy = false;
    }
  }

  /** Takes or renews the table's lease: true while this instance holds it. */
  async lease(tableId: string, now = clock.ms()): Promise<boolean> {
    const held = this.held.get(tableId);
    if (held && now - held.renewedAt < LEASE_RENEW_MS && now < held.until) return true;
    const until = new Date(now + LEASE_MS);
    const row = await this.db
      .insertInto('live_leases')
      .values({ table_id: tableId, owner: this.instanceId, lease_until: until })
      .onConflict((oc) =>
        oc
          .column('table_id')
          .doUpdateSet({ owner: this.instanceId, lease_until: until })
          .where((eb) => eb.or([eb('live_leases.owner', '=', this.instanceId), eb('live_leases.lease_until', '<', new Date(now))])),
      )
      .returning('owner')
      .executeTakeFirst();
    if (!row) {
      this.held.delete(tableId);
      return false;
    }
    if (held) {
      held.until = until.getTime();
      held.renewedAt = now;
      return true;
    }
    // Newly taken (a start, or another instance's lease lapsed): the round in flight is read from
    // the database, and every watcher gets the table's state again (events the last holder may not
    // have published).
    this.held.set(tableId, {
      until: until.getTime(),
      renewedAt: now,
      round: (await latestRound(this.db, tableId)) ?? null,
      betsKey: '',
      betsAt: 0,
      presenceAt: 0,
    });
    this.counts.takenOver++;
    const state = await loadTableState(this.db, tableId);
    await this.publish(tableId, { type: 'snapshot', state: { ...state, watchers: this.hub.state(tableId).state.watchers } });
    return true;
  }

  /** Gives the leases up (shutdown): another instance takes the tables over at its next tick. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    const mine = [...this.held.keys()];
    this.held.clear();
    if (mine.length === 0) return;
    await this.db
      .updateTable('live_leases')
      .set({ lease_until: new Date(0) })
      .where('table_id', 'in', mine)
      .where('owner', '=', this.instanceId)
      .execute()
      .catch(() => undefined);
  }

  /** Forgets a lease without giving it up (tests: an instance that died holding it). */
  forget() {
    if (this.timer) clearInterval(this.timer);
    this.held.clear();
  }

  /**
   * Appends an event to the table's stream. The round's state is in the database already: an event
   * the broker could not take (Redis away) is logged, and the table's watchers get a snapshot of it
   * once the broker takes events again (heal).
   */
  private async publish(tableId: string, event: LiveEvent): Promise<void> {
    try {
      await this.broker.append(tableId, event);
    } catch (error) {
      if (!this.unpublished.has(tableId)) this.log.warn({ err: error, table: tableId }, 'live table event not published: its watchers get a snapshot later');
      this.unpublished.add(tableId);
    }
  }

  /** After events were lost: the table's state from the database, as a snapshot, once the broker takes it. */
  private async heal(tableId: string): Promise<void> {
    if (!this.unpublished.has(tableId)) return;
    const state = await loadTableState(this.db, tableId);
    this.unpublished.delete(tableId);
    await this.publish(tableId, { type: 'snapshot', state: { ...state, watchers: this.hub.state(tableId).state.watchers } });
  }

  /** One step of a table's clock, when this instance holds its lease; what it did. */
  async step(tableId: string): Promise<'none' | 'opened' | 'closed' | 'settled' | 'refunded' | 'bets' | 'idle'> {
    const now = clock.ms();
    if (!(await this.lease(tableId, now))) return 'none';
    const table = this.tables.find((t) => t.id === tableId)!;
    const held = this.held.get(tableId)!;
    await this.heal(tableId);
    const round = held.round;
    if (!round || round.status === 'settled' || round.status === 'refunded') {
      if (round && now < round.next_at.getTime()) return this.presence(tableId, held, now);
      held.round = await this.open(table, round, now);
      return 'opened';
    }
    if (now > round.result_at.getTime() + STALE_MS) {
      held.round = await this.refund(table, round, now);
      return 'refunded';
    }
    if (round.status === 'betting') {
      if (now >= round.closes_at.getTime()) {
        held.round = await this.close(tableId, round);
        // The round's final totals, with the bets of its last moments.
        await this.publishTotals(tableId, held, round.id);
        return 'closed';
      }
      if (now - held.betsAt >= BETS_EVERY_MS) {
        held.betsAt = now;
        if (await this.publishTotals(tableId, held, round.id)) return 'bets';
      }
      return this.presence(tableId, held, now);
    }
    if (now >= round.result_at.getTime()) {
      held.round = await this.settle(table, round, now);
      return held.round.status === 'settled' ? 'settled' : 'refunded';
    }
    return this.presence(tableId, held, now);
  }

  /** Publishes the round's bet totals when they changed since the last ones published; whether it did. */
  private async publishTotals(tableId: string, held: Held, roundId: string): Promise<boolean> {
    const totals = await betTotals(this.db, roundId);
    // A round opens with no bets (the round event says so): nothing to tell until the first one.
    if (totals.players === 0) return false;
    const key = JSON.stringify([roundId, totals]);
    if (key === held.betsKey) return false;
    held.betsKey = key;
    await this.publish(tableId, { type: 'bets', roundId, ...totals });
    return true;
  }

  private async presence(tableId: string, held: Held, now: number): Promise<'idle'> {
    if (now - held.presenceAt < PRESENCE_EVERY_MS) return 'idle';
    held.presenceAt = now;
    const watchers = await this.broker.presence(tableId).catch(() => this.hub.state(tableId).state.watchers);
    if (watchers !== this.hub.state(tableId).state.watchers) await this.publish(tableId, { type: 'presence', watchers });
    return 'idle';
  }

  private async chainOf(round: RoundRow): Promise<ChainRow> {
    return this.db.selectFrom('live_chains').select(['id', 'secret', 'terminal_hash', 'length']).where('id', '=', round.chain_id).executeTakeFirstOrThrow();
  }

  private async open(table: LiveTableDef, previous: RoundRow | null, now: number): Promise<RoundRow> {
    const chain = await chainFor(this.db, table.id, previous ? previous.position + 1 : 1);
    const position = previous && previous.chain_id === chain.id ? previous.position + 1 : 1;
    const seed = seedAt(chain, position);
    const closes = now + table.bettingMs;
    const row: RoundRow = {
      id: randomUUID(),
      table_id: table.id,
      chain_id: chain.id,
      position,
      seed_hash: seedHash(seed),
      seed: null,
      status: 'betting',
      opens_at: new Date(now),
      closes_at: new Date(closes),
      result_at: new Date(closes + table.drawMs),
      next_at: new Date(closes + table.drawMs + table.pauseMs),
      result: null,
    };
    await this.db.insertInto('live_rounds').values(row).execute();
    this.counts.opened++;
    await this.publish(table.id, { type: 'round', round: roundState(row) });
    return row;
  }

  private async close(tableId: string, round: RoundRow): Promise<RoundRow> {
    // Waits for bets being placed (they hold the round's row FOR SHARE); a bet after this sees 'drawing'.
    await this.db.updateTable('live_rounds').set({ status: 'drawing' }).where('id', '=', round.id).where('status', '=', 'betting').execute();
    await this.publish(tableId, { type: 'closed', roundId: round.id });
    return { ...round, status: 'drawing' };
  }

  /** Pays every bet of the round once, in one transaction with the round's move to settled; then reveals the seed. */
  private async settle(table: LiveTableDef, round: RoundRow, now: number): Promise<RoundRow> {
    const seed = seedAt(await this.chainOf(round), round.position);
    const result = liveResult(table, seed);
    let bets = 0;
    let paid = 0;
    const played: Array<{ accountId: string; stake: number; win: number }> = [];
    const done = await this.db.transaction().execute(async (trx) => {
      const placed = await endRound(trx, round.id, { status: 'settled', seed, result: JSON.stringify(result), settled_at: new Date(now) });
      if (!placed) return false;
      for (const bet of placed) {
        const win = (bet.spots as Array<{ spot: string; amount: number }>).reduce((sum, s) => sum + liveSpotReturn(table, s.spot, Number(s.amount), result), 0);
        if (win > 0) {
          await postMovementIn(
            trx,
            { accountId: bet.account_id, type: 'WIN', amount: win, idempotencyKey: `live:win:${bet.id}`, gameCode: table.id, sessionId: round.id },
            new Date(now),
          );
        }
        await trx
          .updateTable('live_bets')
          .set({ status: win > 0 ? 'won' : 'lost', win })
          .where('id', '=', bet.id)
          .execute();
        bets++;
        paid += win;
        played.push({ accountId: bet.account_id, stake: Number(bet.amount), win });
      }
      return true;
    });
    const settled: RoundRow = { ...round, status: 'settled', seed, result };
    if (!done) return (await latestRound(this.db, table.id)) ?? settled;
    this.counts.settled++;
    await this.publish(table.id, { type: 'result', roundId: round.id, result, seed, at: Date.now() });
    await this.publish(table.id, { type: 'settled', roundId: round.id, bets, paid, refunded: false, at: Date.now() });
    for (const p of played) await this.hooks?.roundPlayed.emit({ ...p, gameCode: table.id, kind: table.kind, settled: true });
    return { ...settled, next_at: new Date(Math.max(round.next_at.getTime(), now + table.pauseMs)) };
  }

  /** Gives every bet of a round that cannot finish its coins back, once; the seed is revealed all the same. */
  async refund(table: LiveTableDef, round: RoundRow, now: number): Promise<RoundRow> {
    const seed = seedAt(await this.chainOf(round), round.position);
    let bets = 0;
    let refunded = 0;
    const done = await this.db.transaction().execute(async (trx) => {
      const placed = await endRound(trx, round.id, { status: 'refunded', seed, settled_at: new Date(now) });
      if (!placed) return false;
      for (const bet of placed) {
        await postMovementIn(
          trx,
          {
            accountId: bet.account_id,
            type: 'REFUND',
            amount: Number(bet.amount),
            idempotencyKey: `live:refund:${bet.id}`,
            gameCode: table.id,
            sessionId: round.id,
          },
          new Date(now),
        );
        await trx.updateTable('live_bets').set({ status: 'refunded', win: 0 }).where('id', '=', bet.id).execute();
        bets++;
        refunded += Number(bet.amount);
      }
      return true;
    });
    if (!done) return (await latestRound(this.db, table.id)) ?? round;
    this.counts.refunded++;
    this.log.warn({ table: table.id, round: round.id, bets, refunded }, 'live round refunded');
    await this.publish(table.id, { type: 'settled', roundId: round.id, bets, paid: refunded, refunded: true, at: Date.now() });
    return { ...round, status: 'refunded', seed, next_at: new Date(now) };
  }
}

/**
 * Moves a round still open (betting or drawing) to its end, and answers its placed bets locked for
 * the same transaction; null when the round had already ended (another instance, or a refund, came
 * first): a round ends once.
 */
async function endRound(trx: DbOrTrx, roundId: string, end: Updateable<LiveTables['live_rounds']>) {
  const moved = await trx
    .updateTable('live_rounds')
    .set(end)
    .where('id', '=', roundId)
    .where('status', 'in', ['betting', 'drawing'])
    .returning('id')
    .executeTakeFirst();
  if (!moved) return null;
  return trx
    .selectFrom('live_bets')
    .select(['id', 'account_id', 'spots', 'amount'])
    .where('round_id', '=', roundId)
    .where('status', '=', 'placed')
    .forUpdate()
    .execute();
}
