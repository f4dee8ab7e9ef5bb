import { sql } from 'kysely';
import {
  HISTORY_SIZE,
  LATEST_BETS,
  emptyTableState,
  liveTable,
  type LiveBetLine,
  type LiveResult,
  type LiveRoundState,
  type LiveTableState,
} from '../../../contracts/live-tables';
import type { LiveRoundRecord } from '../../../contracts/live';
import type { DbOrTrx } from '../../db';
import type { LiveTables } from './tables';

/** What the database says of a table: its rounds, bets, chains (docs/decisions/0025). */

/** A round as read here: its row but the time it settled (live_rounds in ./tables.ts). */
export type RoundRow = Omit<LiveTables['live_rounds'], 'settled_at'>;

const ROUND_COLUMNS = [
  'id',
  'table_id',
  'chain_id',
  'position',
  'seed_hash',
  'seed',
  'status',
  'opens_at',
  'closes_at',
  'result_at',
  'next_at',
  'result',
] as const;

export async function latestRound(db: DbOrTrx, tableId: string): Promise<RoundRow | undefined> {
  return db.selectFrom('live_rounds').select(ROUND_COLUMNS).where('table_id', '=', tableId).orderBy('opens_at', 'desc').limit(1).executeTakeFirst();
}

export function roundState(r: RoundRow): LiveRoundState {
  return {
    roundId: r.id,
    chainId: r.chain_id,
    position: r.position,
    seedHash: r.seed_hash,
    opensAt: r.opens_at.getTime(),
    closesAt: r.closes_at.getTime(),
    resultAt: r.result_at.getTime(),
    nextAt: r.next_at.getTime(),
    phase: r.status === 'betting' ? 'betting' : r.status === 'drawing' ? 'drawing' : 'result',
    result: (r.result as LiveResult | null) ?? null,
    seed: r.seed,
  };
}

export interface BetTotals {
  totals: Record<string, number>;
  players: number;
  latest: LiveBetLine[];
}

/** Every player's coins on each spot of a round, how many players bet, and the latest few bets. */
export async function betTotals(db: DbOrTrx, roundId: string): Promise<BetTotals> {
  const spots = await sql<{ spot: string; amount: string | number }>`
    select s->>'spot' as spot, sum((s->>'amount')::bigint) as amount
    from live_bets b, jsonb_array_elements(b.spots) s
    where b.round_id = ${roundId} group by 1`.execute(db);
  const players = await db
    .selectFrom('live_bets')
    .select((eb) => eb.fn.count<number>('account_id').distinct().as('n'))
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  const latest = await db
    .selectFrom('live_bets as b')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .select(['a.display_name', 'b.spots'])
    .where('b.round_id', '=', roundId)
    .orderBy('b.id', 'desc')
    .limit(LATEST_BETS)
    .execute();
  const lines: LiveBetLine[] = [];
  for (const row of latest) {
    for (const s of row.spots as Array<{ spot: string; amount: number }>) {
      if (lines.length < LATEST_BETS) lines.push({ name: row.display_name ?? '', spot: s.spot, amount: Number(s.amount) });
    }
  }
  return {
    totals: Object.fromEntries(spots.rows.map((r) => [r.spot, Number(r.amount)])),
    players: Number(players.n),
    latest: lines,
  };
}

/** A table's state from the database (an instance starting, a new clock holder healing its watchers). */
export async function loadTableState(db: DbOrTrx, tableId: string): Promise<LiveTableState> {
  const state = emptyTableState(tableId);
  const round = await latestRound(db, tableId);
  if (!round) return state;
  const history = await db
    .selectFrom('live_rounds')
    .select(['id', 'result'])
    .where('table_id', '=', tableId)
    .where('status', '=', 'settled')
    .orderBy('opens_at', 'desc')
    .limit(HISTORY_SIZE)
    .execute();
  const bets = round.status === 'betting' || round.status === 'drawing' ? await betTotals(db, round.id) : { totals: {}, players: 0, latest: [] };
  return { ...state, round: roundState(round), ...bets, history: history.map((h) => ({ roundId: h.id, result: h.result as LiveResult })) };
}

/** A player's own coins on each spot of a round. */
export async function myBets(db: DbOrTrx, roundId: string, accountId: string): Promise<{ roundId: string; spots: Record<string, number>; total: number }> {
  const rows = await db.selectFrom('live_bets').select(['spots']).where('round_id', '=', roundId).where('account_id', '=', accountId).execute();
  const spots: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    for (const s of row.spots as Array<{ spot: string; amount: number }>) {
      spots[s.spot] = (spots[s.spot] ?? 0) + Number(s.amount);
      total += Number(s.amount);
    }
  }
  return { roundId, spots, total };
}

/** GET /live/rounds/:roundId: the public record (the seed only once revealed). */
export async function roundRecord(db: DbOrTrx, roundId: string): Promise<LiveRoundRecord | undefined> {
  const r = await db
    .selectFrom('live_rounds as r')
    .innerJoin('live_chains as c', 'c.id', 'r.chain_id')
    .select([...ROUND_COLUMNS.map((c) => `r.${c}` as const), 'c.terminal_hash'])
    .where('r.id', '=', roundId)
    .executeTakeFirst();
  if (!r) return undefined;
  const table = liveTable(r.table_id);
  if (!table) return undefined;
  const { totals, players } = await betTotals(db, r.id);
  const count = await db
    .selectFrom('live_bets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('round_id', '=', r.id)
    .executeTakeFirstOrThrow();
  return {
    roundId: r.id,
    tableId: r.table_id,
    kind: table.kind,
    chainId: r.chain_id,
    position: r.position,
    terminalHash: r.terminal_hash,
    seedHash: r.seed_hash,
    seed: r.seed,
    status: r.status,
    opensAt: r.opens_at.toISOString(),
    closesAt: r.closes_at.toISOString(),
    result: (r.result as LiveResult | null) ?? null,
    totals,
    bets: Number(count.n),
    players,
  };
}

/** GET /live/tables/:tableId/chain: the published terminal hashes, newest first (never the secret). */
export async function publishedChains(db: DbOrTrx, tableId: string) {
  const rows = await db
    .selectFrom('live_chains')
    .select(['id', 'terminal_hash', 'length', 'published_at'])
    .where('table_id', '=', tableId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({ chainId: r.id, terminalHash: r.terminal_hash, length: r.length, publishedAt: r.published_at.toISOString() }));
}
