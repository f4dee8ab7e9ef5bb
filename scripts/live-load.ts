/**
 * Load and checks for the shared live tables, shared by `npm run bench -- live` (bench/live.bench.ts)
 * and `npm run cluster` (docs/decisions/0025, "Scale, measured"): watchers on the tables' streams
 * (a minimal EventSource each, keeping every id it received), bettors placing a bet at every table
 * each round through the balancer, and the money check of every bet against the wallet's journal.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { sql } from 'kysely';
import { LIVE_TABLES } from '../contracts/live-tables';
import type { Db } from '../server/db';
import { compareIds } from '../server/modules/live/broker';
import { ack, call, newPlayer, type ApiProcess, type Player } from './load-kit';

interface WatchedEvent {
  id: string;
  type: string;
  roundId?: string;
  at?: number;
}

/** One watcher of one table: its connection, every event it received (id and type), and what it measured. */
export class Watcher {
  readonly received: WatchedEvent[] = [];
  /** Delivery latency of each `result` event: its arrival minus the time the clock instance committed the round. */
  readonly latencies: number[] = [];
  /** Ids that did not strictly increase (a duplicate or an event out of order). */
  disorder = 0;
  snapshots = 0;
  connected = false;
  private destroy: (() => void) | null = null;
  /** Resolves with the arrival time of the next event (a reconnect's first). */
  private onNext: ((at: number) => void) | null = null;

  constructor(
    readonly baseUrl: string,
    readonly tableId: string,
  ) {}

  get lastId(): string | null {
    return this.received.at(-1)?.id ?? null;
  }

  /**
   * Opens the stream (with Last-Event-ID once it has one); resolves with the time its first event
   * arrives, or with `connectedOnly` the time the stream is answered (a watcher that missed nothing
   * gets no event until the table's next one).
   */
  open(timeoutMs = 30_000, connectedOnly = false): Promise<number> {
    const url = `${this.baseUrl}/api/live/tables/${this.tableId}/stream?channel=WEB`;
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms on ${this.tableId}`)), timeoutMs);
      this.onNext = (at) => {
        clearTimeout(timer);
        resolve(at);
      };
      const req = request(url, { headers, agent: false }, (res) => {
        if (res.statusCode !== 200) {
          clearTimeout(timer);
          res.resume();
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        this.connected = true;
        if (connectedOnly) {
          const next = this.onNext;
          this.onNext = null;
          next?.(Date.now());
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            this.take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('close', () => {
          this.connected = false;
        });
      });
      req.on('error', (e) => {
        this.connected = false;
        if (this.onNext) {
          clearTimeout(timer);
          this.onNext = null;
          reject(e);
        }
      });
      req.end();
      this.destroy = () => req.destroy();
    });
  }

  private take(block: string) {
    let id = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (!data) return;
    const now = Date.now();
    const event = JSON.parse(data) as { type: string; roundId?: string; at?: number };
    const last = this.lastId;
    if (last && compareIds(id, last) <= 0) this.disorder++;
    if (event.type === 'snapshot') this.snapshots++;
    if (event.type === 'result' && event.at) this.latencies.push(now - event.at);
    this.received.push({ id, type: event.type, roundId: event.roundId });
    const next = this.onNext;
    this.onNext = null;
    next?.(now);
  }

  /** Cuts the connection from the client's side. */
  cut() {
    this.destroy?.();
    this.connected = false;
  }
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Opens `count` watchers spread over the tables, `concurrency` connections at a time. */
export async function openWatchers(baseUrl: string, count: number, concurrency = 200): Promise<Watcher[]> {
  const watchers = Array.from({ length: count }, (_, i) => new Watcher(baseUrl, LIVE_TABLES[i % LIVE_TABLES.length].id));
  for (let i = 0; i < watchers.length; i += concurrency) await Promise.all(watchers.slice(i, i + concurrency).map((w) => w.open()));
  return watchers;
}

/**
 * Every watcher cut at once and reconnected with its last event id. Healed: the first event after the
 * reconnect is the one that follows its last id (no snapshot, nothing missing). Checked against a
 * reference watcher of each table that was never cut: the cut watcher's ids from its last one on equal
 * the reference's.
 */
export async function reconnectStorm(watchers: Watcher[], references: Watcher[], settleMs: number) {
  const cutAt = Date.now();
  const before = watchers.map((w) => ({ lastId: w.lastId, count: w.received.length, snapshots: w.snapshots }));
  for (const w of watchers) w.cut();
  const firsts = await Promise.all(
    watchers.map((w) =>
      w.open(15_000, true).then(
        (at) => at - cutAt,
        () => Number.POSITIVE_INFINITY,
      ),
    ),
  );
  await new Promise((r) => setTimeout(r, settleMs));
  let healed = 0;
  let gaps = 0;
  for (const [i, w] of watchers.entries()) {
    const ref = references.find((r) => r.tableId === w.tableId)!;
    const mine = w.received.slice(before[i].count).map((e) => e.id);
    const from = ref.received.findIndex((e) => e.id === before[i].lastId);
    const available = from === -1 ? [] : ref.received.slice(from + 1).map((e) => e.id);
    // Both go on receiving: compare what both have.
    const n = Math.min(mine.length, available.length);
    const noSnapshot = w.snapshots === before[i].snapshots;
    const same = n > 0 && mine.slice(0, n).every((id, k) => id === available[k]);
    if (noSnapshot && same && Number.isFinite(firsts[i])) healed++;
    else gaps++;
  }
  const finite = firsts.filter(Number.isFinite);
  return { healed, gaps, reconnectMsP50: percentile(finite, 50), reconnectMsMax: Math.max(...finite), failedToReconnect: firsts.length - finite.length };
}

/**
 * Watchers that reconnect as a browser's EventSource does (with Last-Event-ID, a second after their
 * stream ends) for as long as `going()`: through a balancer, a watcher whose instance dies comes back
 * on another one. Answers the watchers and each reconnect's time from the cut to the stream answered.
 */
export function keepWatching(baseUrl: string, perTable: number, going: () => boolean) {
  const watchers = LIVE_TABLES.flatMap((t) => Array.from({ length: perTable }, () => new Watcher(baseUrl, t.id)));
  const reconnects: number[] = [];
  let failures = 0;
  const loops = watchers.map(async (w) => {
    await w.open().catch(() => failures++);
    while (going()) {
      await new Promise((r) => setTimeout(r, 250));
      if (w.connected || !going()) continue;
      const cutAt = Date.now();
      for (;;) {
        try {
          await new Promise((r) => setTimeout(r, 1_000));
          await w.open(15_000, true);
          reconnects.push(Date.now() - cutAt);
          break;
        } catch {
          failures++;
          if (!going()) break;
        }
      }
    }
  });
  const done = async () => {
    await Promise.all(loops);
    for (const w of watchers) w.cut();
  };
  return { watchers, reconnects, failures: () => failures, done };
}

/**
 * What watchers of one table that stayed through cuts must agree on: over the span every one of them
 * covered, the same event ids in the same order (a reconnect resumed from its last id: nothing missed,
 * nothing twice), and ids that only increase. Answers the problems found, in words.
 */
export function watchersAgree(watchers: Watcher[]): string[] {
  const problems: string[] = [];
  for (const table of LIVE_TABLES) {
    const mine = watchers.filter((w) => w.tableId === table.id && w.received.length > 0);
    if (mine.length === 0) {
      problems.push(`${table.id}: no watcher received an event`);
      continue;
    }
    for (const w of mine) if (w.disorder > 0) problems.push(`${table.id}: a watcher got ${w.disorder} event(s) out of order or twice`);
    // The span all covered: from the latest first id to the earliest last id.
    const from = mine.map((w) => w.received[0].id).reduce((a, b) => (compareIds(a, b) >= 0 ? a : b));
    const to = mine.map((w) => w.lastId!).reduce((a, b) => (compareIds(a, b) <= 0 ? a : b));
    const span = (w: Watcher) => w.received.map((e) => e.id).filter((id) => compareIds(id, from) >= 0 && compareIds(id, to) <= 0);
    const reference = span(mine[0]);
    if (reference.length === 0) problems.push(`${table.id}: the watchers share no span of events`);
    const differing = mine.filter((w) => span(w).join() !== reference.join()).length;
    if (differing > 0) problems.push(`${table.id}: ${differing} of ${mine.length} watchers saw other events than the rest over the same span`);
  }
  return problems;
}

export interface PlacedLiveBet {
  tableId: string;
  roundId: string;
  requestId: string;
  amount: number;
  token: string;
}

/** The spot a bettor takes at a table (one even-chance spot, so a bettor never holds opposing bets). */
const spotOf = (kind: string, i: number) => (kind === 'baccarat' ? (i % 2 ? 'banker' : 'player') : i % 2 ? 'odd' : 'even');

/**
 * Bettors place one bet at every table in each round while `until()` holds: the table's current
 * round from its snapshot, a fresh requestId per bet (retried with the same one on a network error).
 */
export async function runBettors(
  servers: ApiProcess[],
  players: Player[],
  until: () => boolean,
): Promise<{ accepted: PlacedLiveBet[]; closed: number; refused: Map<string, number> }> {
  const accepted: PlacedLiveBet[] = [];
  const refused = new Map<string, number>();
  let closed = 0;
  const lastRound = new Map<string, string>();
  await Promise.all(
    players.map(async (player, i) => {
      while (until()) {
        for (const table of LIVE_TABLES) {
          if (!until()) break;
          const key = `${i}:${table.id}`;
          const snap = await call(servers, 'GET', `/live/tables/${table.id}`, { token: player.token, patienceMs: 5000 });
          const round = snap?.body?.state?.round;
          if (round?.phase !== 'betting' || lastRound.get(key) === round.roundId) continue;
          const requestId = randomUUID();
          const amount = table.limits.minBet;
          const answer = await call(servers, 'POST', `/live/tables/${table.id}/bets`, {
            token: player.token,
            body: { roundId: round.roundId, requestId, bets: [{ spot: spotOf(table.kind, i), amount }] },
            patienceMs: 10_000,
          });
          lastRound.set(key, round.roundId);
          if (answer?.status === 200) {
            accepted.push({ tableId: table.id, roundId: round.roundId, requestId, amount, token: player.token });
            ack('live bet');
          } else if (answer?.body?.code === 'BETTING_CLOSED') closed++;
          else refused.set(String(answer?.body?.code ?? answer?.status ?? 'no answer'), (refused.get(String(answer?.body?.code ?? 'no answer')) ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 300));
      }
    }),
  );
  return { accepted, closed, refused };
}

/**
 * The money of every live bet, from the database: each acknowledged bet is in live_bets and debited
 * once; each bet ended (won, lost or refunded) is credited at most once, a WIN only when won (of its
 * win), a REFUND only when refunded (of its stake), never both. Breaches are described one per line.
 */
export async function checkLiveMoney(db: Db, accepted: PlacedLiveBet[]): Promise<{ breaches: string[]; lines: string[] }> {
  const breaches: string[] = [];
  const bets = await sql<{ id: string; account_id: string; request_id: string; round_id: string; status: string; amount: string; win: string | null }>`
    select id::text, account_id, request_id::text, round_id::text, status, amount::text, win::text from live_bets`.execute(db);
  const journal = await sql<{ key: string; type: string; amount: string }>`
    select idempotency_key as key, type, amount::text from wallet_journal where idempotency_key like 'live:%'`.execute(db);
  const byKey = new Map<string, Array<{ type: string; amount: number }>>();
  for (const j of journal.rows) {
    byKey.set(j.key, [...(byKey.get(j.key) ?? []), { type: j.type, amount: Number(j.amount) }]);
  }
  const rows = new Map(bets.rows.map((b) => [b.request_id, b]));
  for (const a of accepted) if (!rows.has(a.requestId)) breaches.push(`bet ${a.requestId} at ${a.tableId} acknowledged but not in live_bets (lost)`);
  let placed = 0;
  for (const b of bets.rows) {
    const debits = byKey.get(`live:bet:${b.account_id}:${b.request_id}`) ?? [];
    const wins = byKey.get(`live:win:${b.id}`) ?? [];
    const refunds = byKey.get(`live:refund:${b.id}`) ?? [];
    if (debits.length !== 1 || debits[0].amount !== -Number(b.amount)) breaches.push(`bet ${b.id}: ${debits.length} debits (${JSON.stringify(debits)})`);
    if (wins.length > 1) breaches.push(`bet ${b.id}: paid ${wins.length} times`);
    if (refunds.length > 1) breaches.push(`bet ${b.id}: refunded ${refunds.length} times`);
    if (wins.length && refunds.length) breaches.push(`bet ${b.id}: paid and refunded`);
    if (b.status === 'placed') placed++;
    if (b.status === 'won' && (wins.length !== 1 || wins[0].amount !== Number(b.win)))
      breaches.push(`bet ${b.id}: won ${b.win} but credited ${JSON.stringify(wins)}`);
    if (b.status === 'lost' && (wins.length || refunds.length)) breaches.push(`bet ${b.id}: lost but credited`);
    if (b.status === 'refunded' && (refunds.length !== 1 || refunds[0].amount !== Number(b.amount)))
      breaches.push(`bet ${b.id}: refunded but credited ${JSON.stringify(refunds)}`);
  }
  if (placed) breaches.push(`${placed} bets still open after every round ended`);
  const rounds = await sql<{ status: string; n: string }>`select status, count(*)::text as n from live_rounds group by status`.execute(db);
  const count = (s: string) => Number(rounds.rows.find((r) => r.status === s)?.n ?? 0);
  const lines = [
    `live rounds: ${count('settled')} completed, ${count('refunded')} refunded, ${count('betting') + count('drawing')} in flight at the end`,
    `live bets: ${accepted.length} acknowledged, ${bets.rows.length} in the database, ${bets.rows.filter((b) => b.status === 'won').length} won, ${bets.rows.filter((b) => b.status === 'lost').length} lost, ${bets.rows.filter((b) => b.status === 'refunded').length} refunded; ${breaches.length} breaches`,
  ];
  return { breaches, lines };
}

/** Who holds each table's lease now: instance ids (host:pid:random) by table. */
export async function leaseHolders(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('live_leases').select(['table_id', 'owner', 'lease_until']).execute();
  return new Map(rows.filter((r) => r.lease_until.getTime() > Date.now()).map((r) => [r.table_id, r.owner]));
}

/** The pid in an instance id (host:pid:random). */
export const pidOf = (instanceId: string) => Number(instanceId.split(':')[1]);

/**
 * The live tables in `npm run cluster`: bettors (players of their own) bet at every table through the balancer while
 * the instance holding the tables' clocks is SIGKILLed (restarted 1.5 s later); another takes the
 * tables over. Then every bet's money is checked (checkLiveMoney): breaches go to `breaches`.
 */
export async function liveClusterPhase(opts: {
  servers: ApiProcess[];
  viaHaproxy: ApiProcess[];
  db: Db;
  seconds: number;
  bettors: number;
  breaches: string[];
  lines: string[];
}) {
  const { servers, viaHaproxy, db, seconds, breaches, lines } = opts;
  // Players of their own: the house games' checks (load-kit verify) count the other players' coins.
  const players = await Promise.all(Array.from({ length: opts.bettors }, () => newPlayer(viaHaproxy)));
  const start = Date.now();
  const end = start + seconds * 1000;
  const owners = new Map<string, Set<string>>();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      for (const [table, owner] of await leaseHolders(db)) owners.set(table, new Set([...(owners.get(table) ?? []), owner]));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const bettors = runBettors(viaHaproxy, players, () => Date.now() < end);
  // Watchers through the balancer, on every instance: those of the killed one reconnect elsewhere.
  let streaming = true;
  const streams = keepWatching(viaHaproxy[0].url, 6, () => streaming);
  let killed = '';
  const monkey = (async () => {
    await new Promise((r) => setTimeout(r, Math.min(6_000, (seconds * 1000) / 3)));
    const holders = await leaseHolders(db);
    const pid = pidOf([...holders.values()][0] ?? '');
    const victim = servers.find((s) => s.child?.pid === pid);
    if (!victim) {
      breaches.push(`live: no instance holds the tables' clocks (leases: ${JSON.stringify([...holders])})`);
      return;
    }
    await victim.kill9();
    killed = `${victim.name} (the tables' clock) killed at +${((Date.now() - start) / 1000).toFixed(1)} s`;
    await new Promise((r) => setTimeout(r, 1_500));
    victim.start();
    await victim.waitReady().catch((error: Error) => breaches.push(`restart of ${victim.name} failed: ${error.message}`));
  })();
  const [{ accepted, closed, refused }] = await Promise.all([bettors, monkey]);
  // Every round with bets ends: the last ones close, draw and settle within a round's length.
  for (let i = 0; i < 120; i++) {
    const open = await db.selectFrom('live_bets').select('id').where('status', '=', 'placed').limit(1).execute();
    if (open.length === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  watching = false;
  await watch;
  streaming = false;
  await streams.done();
  const disagreements = watchersAgree(streams.watchers);
  breaches.push(...disagreements.map((d) => `live watchers: ${d}`));
  const reconnects = streams.reconnects;
  if (killed && reconnects.length === 0) breaches.push('live watchers: no watcher was cut by the kill (none on the killed instance?)');
  const slowest = reconnects.length ? Math.max(...reconnects) : 0;
  if (slowest > 10_000) breaches.push(`live watchers: a watcher took ${slowest} ms to be served again after its stream ended`);
  const money = await checkLiveMoney(db, accepted);
  breaches.push(...money.breaches.map((b) => `live: ${b}`));
  const takenOver = [...owners.values()].reduce((n, s) => n + s.size - 1, 0);
  if (killed && takenOver === 0) breaches.push('live: the tables were not taken over after their clock was killed');
  lines.push(...money.lines);
  lines.push(
    `live tables: ${killed || 'no instance killed'}; taken over ${takenOver} times; ${closed} bets refused BETTING_CLOSED; other refusals ${JSON.stringify(Object.fromEntries(refused))}`,
    `live watchers: ${streams.watchers.length} through haproxy, ${reconnects.length} reconnected after their stream ended (slowest ${slowest} ms from the cut, ${streams.failures()} refused tries), ${disagreements.length ? 'DISAGREE' : 'all agree on every event id over the span they shared'}`,
  );
}
