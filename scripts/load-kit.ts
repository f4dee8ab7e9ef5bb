/**
 * The load harness shared by `npm run chaos` (scripts/chaos.ts) and `npm run cluster`
 * (scripts/cluster.ts): API processes started and killed, players who sign up, sign in, play every
 * game kind and claim bonuses with retries (same requestId), and the checks straight in the database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { GAME_KINDS, type GameKind } from '../contracts/game-kinds';
import type { Db } from '../server/db';
import { checkConservation, postMovement } from '../server/modules/wallet';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Every process the harness started, so none outlives it. */
export const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/* ------------------------------------------------------------------ processes */

export class ApiProcess {
  child?: ChildProcess;
  private expectedExit = false;
  readonly unexpectedExits: string[] = [];
  private tail: string[] = [];
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  start() {
    this.expectedExit = false;
    this.starts++;
    // `node --import tsx` rather than the tsx CLI: the CLI runs the server in a child process, so a
    // SIGKILL to the CLI would leave the real server running (an orphan still holding the port).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.tail.push(...String(chunk).split('\n').filter(Boolean));
      this.tail = this.tail.slice(-15);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    started.add(child);
    child.on('exit', (code, signal) => {
      started.delete(child);
      if (!this.expectedExit)
        this.unexpectedExits.push(`${this.name} exited by itself (code ${code}, signal ${signal}); last output:\n    ${this.tail.join('\n    ')}`);
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
  }

  async waitReady(timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.child) throw new Error(`${this.name} is not running (${this.unexpectedExits.at(-1) ?? 'never started'})`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${this.name} did not become healthy in ${timeoutMs} ms:\n    ${this.tail.join('\n    ')}`);
  }

  private async exit(signal: NodeJS.Signals, timeoutMs: number) {
    const child = this.child;
    if (!child) return;
    this.expectedExit = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  kill9() {
    return this.exit('SIGKILL', 0);
  }

  stop() {
    return this.exit('SIGTERM', 15_000);
  }
}

/* ------------------------------------------------------------------ clients */

/** Set by a run: `proxied` when the players go through a load balancer (scripts/cluster.ts). */
export const harness = { proxied: false };

export const stats = {
  requests: 0,
  byStatus: new Map<number, number>(),
  tooMany: new Map<string, number>(),
  networkErrors: 0,
  retries: 0,
  gaveUp: 0,
  acknowledged: new Map<string, number>(),
  kills: 0,
  restarts: 0,
  terminations: 0,
  terminatedBackends: 0,
};
export const ack = (kind: string) => stats.acknowledged.set(kind, (stats.acknowledged.get(kind) ?? 0) + 1);
export const failures: string[] = [];

export interface Answer {
  status: number;
  body: any;
}

/**
 * One action against any live process, retried (same body, so the same requestId) on a network
 * error or a 5xx until it gets a real answer or `patienceMs` runs out (undefined then).
 */
export async function call(
  servers: ApiProcess[],
  method: string,
  apiPath: string,
  opts: { body?: unknown; token?: string; patienceMs?: number } = {},
): Promise<Answer | undefined> {
  const until = Date.now() + (opts.patienceMs ?? 60_000);
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      stats.retries++;
      if (Date.now() > until) {
        stats.gaveUp++;
        return undefined;
      }
      await sleep(between(50, 300));
    }
    const server = pick(servers);
    try {
      stats.requests++;
      const res = await fetch(`${server.url}/api${apiPath}`, {
        method,
        headers: {
          channel: 'WEB',
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
      if (res.status === 429) stats.tooMany.set(apiPath.split('?')[0], (stats.tooMany.get(apiPath.split('?')[0]) ?? 0) + 1);
      const text = await res.text();
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      if (res.status >= 500) {
        // Behind a load balancer, its own 502/503/504 (an instance killed mid-request) is retried like a network error.
        const fromProxy = harness.proxied && [502, 503, 504].includes(res.status) && typeof body === 'string';
        if ((res.status !== 503 || body?.code !== 'SERVICE_UNAVAILABLE') && !fromProxy)
          failures.push(`${res.status} ${text.slice(0, 120)} on ${method} ${apiPath}`);
        continue;
      }
      return { status: res.status, body };
    } catch {
      stats.networkErrors++;
    }
  }
}

export interface GameInfo {
  gameCode: string;
  gameType: string;
}

export interface Acked {
  requestId: string;
  roundId: string;
  status: 'open' | 'settled';
  stake: number;
  win: number;
  balance: number;
}

export interface Player {
  email: string;
  password: string;
  token: string;
  sessions: Map<string, { session: string; definition: any }>;
  rounds: Acked[];
  dailyBonusAcked: boolean;
  promoAcked: boolean;
}

export async function newPlayer(servers: ApiProcess[]): Promise<Player> {
  const name = `c${randomBytes(5).toString('hex')}`;
  const email = `${name}@example.test`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const signup = await call(servers, 'POST', '/signup', {
    body: { email, displayName: name, password, isAgeOver18: true, languageCode: 'en', siteRef: 'WEB' },
  });
  // A sign-up whose answer was lost is found done by its retry.
  if (!signup || (signup.status !== 200 && signup.body?.code !== 'EMAIL_ALREADY_EXISTS')) throw new Error(`sign-up failed: ${JSON.stringify(signup)}`);
  const signin = await call(servers, 'POST', '/signin', { body: { email, password, siteRef: 'WEB' } });
  if (signin?.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signin)}`);
  ack('sign-up');
  return { email, password, token: signin.body.authToken, sessions: new Map(), rounds: [], dailyBonusAcked: false, promoAcked: false };
}

export async function playSession(servers: ApiProcess[], player: Player, game: GameInfo) {
  const known = player.sessions.get(game.gameCode);
  if (known) return known;
  const launched = await call(servers, 'GET', `/launchgame?gameCode=${game.gameCode}&language=en`, { token: player.token });
  if (launched?.status !== 200) return undefined;
  const token = new URL(launched.body.url, 'http://x').searchParams.get('token');
  const opened = await call(servers, 'POST', '/house/session', { body: { token } });
  if (opened?.status !== 200) return undefined; // a lost answer used the token up: launch again next time
  const entry = { session: opened.body.session as string, definition: opened.body.game.definition };
  player.sessions.set(game.gameCode, entry);
  return entry;
}

/** One /house/play action, retried with its requestId until answered. */
export async function play(servers: ApiProcess[], player: Player, game: GameInfo, session: string, input: unknown): Promise<any | undefined> {
  const requestId = randomUUID();
  const res = await call(servers, 'POST', '/house/play', { body: { session, input, requestId } });
  if (!res) return undefined;
  if (res.status === 200) {
    const r = res.body;
    player.rounds.push({ requestId, roundId: r.roundId, status: r.status, stake: r.stake, win: r.win, balance: r.balance });
    if (r.balance < 0) failures.push(`negative balance ${r.balance} answered to ${player.email}`);
    return r;
  }
  if (res.status === 410) player.sessions.delete(game.gameCode);
  return undefined;
}

export function tableBet(definition: any): number {
  const unit = definition.betUnit ?? 10;
  return Math.max(definition.minBet ?? unit, unit * between(1, 3));
}

export async function oneAction(servers: ApiProcess[], player: Player, games: GameInfo[]): Promise<void> {
  const roll = Math.random();
  if (roll < 0.12) {
    const res = await call(servers, 'GET', '/balance', { token: player.token });
    if (res?.status === 200) {
      ack('balance read');
      if (res.body.balance < 0) failures.push(`negative balance ${res.body.balance} read for ${player.email}`);
    }
    return;
  }
  if (roll < 0.16) {
    const res = await call(servers, 'POST', '/signin', { body: { email: player.email, password: player.password, siteRef: 'WEB' } });
    if (res?.status === 200) ack('sign-in');
    return;
  }
  if (roll < 0.19) {
    const res = await call(servers, 'POST', '/claimDailyBonus', { token: player.token });
    if (res?.status === 200) {
      ack('daily bonus');
      if (player.dailyBonusAcked) failures.push(`daily bonus acknowledged twice for ${player.email}`);
      player.dailyBonusAcked = true;
    }
    return;
  }
  if (roll < 0.21) {
    const res = await call(servers, 'POST', '/claimBonus', { token: player.token, body: { promoSlug: 'coin-festival' } });
    if (res?.status === 200) {
      ack('promotion bonus');
      if (player.promoAcked) failures.push(`promotion bonus acknowledged twice for ${player.email}`);
      player.promoAcked = true;
    }
    return;
  }
  const kind: GameKind = roll < 0.6 ? 'slot' : roll < 0.8 ? pick(['roulette', 'baccarat'] as const) : 'blackjack';
  const game = pick(games.filter((g) => g.gameType === kind));
  const opened = await playSession(servers, player, game);
  if (!opened) return;
  await PLAYS[kind](servers, player, game, opened.session, opened.definition);
}

/** How the load kit plays a round of each kind (a kind it does not play yet says so here). */
const PLAYS: Record<GameKind, (servers: ApiProcess[], player: Player, game: GameInfo, session: string, definition: any) => Promise<void>> = {
  slot: async (servers, player, game, session, definition) => {
    if (await play(servers, player, game, session, { kind: 'slot', bet: definition.betLevels[0] })) ack('spin');
  },
  roulette: async (servers, player, game, session, definition) => {
    const input = { kind: 'roulette', bets: [{ type: pick(['red', 'black', 'odd', 'even']), amount: tableBet(definition) }] };
    if (await play(servers, player, game, session, input)) ack('table round');
  },
  baccarat: async (servers, player, game, session, definition) => {
    const input = { kind: 'baccarat', bets: [{ type: pick(['player', 'banker']), amount: tableBet(definition) }] };
    if (await play(servers, player, game, session, input)) ack('table round');
  },
  blackjack: async (servers, player, game, session, definition) => {
    let round = await play(servers, player, game, session, { kind: 'blackjack', action: 'deal', bet: tableBet(definition) });
    if (!round) return;
    ack('blackjack decision');
    for (let step = 0; round.status === 'open' && step < 8; step++) {
      const action = step === 0 && Math.random() < 0.2 ? 'double' : Math.random() < 0.5 ? 'hit' : 'stand';
      const next = await play(servers, player, game, session, { kind: 'blackjack', action, roundId: round.roundId });
      if (!next) return; // refused (e.g. a double without the coins) or abandoned: the hand stays open
      ack('blackjack decision');
      round = next;
    }
  },
};

export async function runLoad(servers: ApiProcess[], players: Player[], games: GameInfo[], until: () => boolean) {
  await Promise.all(
    players.map(async (player) => {
      while (!until()) await oneAction(servers, player, games);
    }),
  );
}

/* ------------------------------------------------------------------ checks */

export async function verify(db: Db, players: Player[], label: string): Promise<{ lostOrDoubled: number }> {
  let lostOrDoubled = 0;
  const problem = (what: string) => {
    lostOrDoubled++;
    failures.push(`[${label}] ${what}`);
  };
  // A run that played nothing proves nothing (a refused launch, a lost token): that fails too.
  const played = players.reduce((n, p) => n + p.rounds.length, 0);
  if (played < 10) failures.push(`[${label}] only ${played} acknowledged game actions: the load did not really play`);
  const conservation = await checkConservation(db);
  for (const p of conservation.problems) problem(`wallet ${p.accountId} does not equal its journal: ${JSON.stringify(p)}`);
  const negative = await db.selectFrom('wallets').select(['account_id', 'balance']).where('balance', '<', 0).execute();
  for (const n of negative) problem(`negative balance ${n.balance} for ${n.account_id}`);

  // Every acknowledged requestId: exactly one round, the one it was answered with.
  const acked = players.flatMap((p) => p.rounds);
  for (let i = 0; i < acked.length; i += 500) {
    const chunk = acked.slice(i, i + 500);
    const rows = await db
      .selectFrom('house_requests')
      .select(['request_id', 'round_id'])
      .where(
        'request_id',
        'in',
        chunk.map((a) => a.requestId),
      )
      .execute();
    const byRequest = new Map<string, string[]>();
    for (const r of rows) byRequest.set(r.request_id, [...(byRequest.get(r.request_id) ?? []), r.round_id]);
    const stored = new Map(
      (
        await db
          .selectFrom('house_rounds')
          .select(['id', 'status', 'stake', 'win'])
          .where('id', 'in', [...new Set(chunk.map((a) => a.roundId))])
          .execute()
      ).map((r) => [r.id, r]),
    );
    for (const a of chunk) {
      const found = byRequest.get(a.requestId) ?? [];
      if (found.length !== 1) problem(`acknowledged request ${a.requestId} has ${found.length} recorded answers`);
      else if (found[0] !== a.roundId) problem(`acknowledged request ${a.requestId} answered round ${a.roundId} but recorded ${found[0]}`);
      const round = stored.get(a.roundId);
      if (!round) problem(`acknowledged round ${a.roundId} is missing`);
      // A settled answer is final: the round must hold exactly what the player was told.
      else if (a.status === 'settled' && (round.status !== 'settled' || Number(round.stake) !== a.stake || Number(round.win) !== a.win)) {
        problem(`round ${a.roundId} answered settled stake ${a.stake} win ${a.win}, stored ${round.status} stake ${round.stake} win ${round.win}`);
      }
    }
  }

  // Every real round's stake and win in the journal once, and no game movement without its round.
  const rounds = await sql<{ id: string; status: string; stake: number; win: number; bets: number; wins: number; refunds: number }>`
    select r.id, r.status, r.stake::int as stake, r.win::int as win,
           coalesce(-sum(j.amount) filter (where j.type = 'BET'), 0)::int as bets,
           coalesce(sum(j.amount) filter (where j.type = 'WIN'), 0)::int as wins,
           coalesce(sum(j.amount) filter (where j.type = 'REFUND'), 0)::int as refunds
    from house_rounds r left join wallet_journal j on j.session_id = r.id::text
    where r.mode = 'real' group by r.id, r.status, r.stake, r.win`.execute(db);
  for (const r of rounds.rows) {
    const expectedWins = r.status === 'settled' ? r.win : 0;
    const expectedRefunds = r.status === 'refunded' ? r.stake : 0;
    if (r.bets !== r.stake || r.wins !== expectedWins || r.refunds !== expectedRefunds) {
      problem(`round ${r.id} (${r.status}): stake ${r.stake} win ${r.win}, journal bets ${r.bets} wins ${r.wins} refunds ${r.refunds}`);
    }
  }
  const orphans = await sql<{ n: number }>`
    select count(*)::int as n from wallet_journal j
    where j.type in ('BET', 'WIN', 'REFUND') and not exists (select 1 from house_rounds r where r.id::text = j.session_id)
      -- The demo content's drawn raffle and races (server/modules/raffle/demo.ts, tournaments/seed.ts)
      -- seed their demo players' wagers as journal rows of their own, not as game rounds.
      and j.idempotency_key not like 'raffle-demo:%' and j.idempotency_key not like 'demo-race:%'
      -- The live tables' bets are checked against their own rounds (scripts/live-load.ts checkLiveMoney).
      and j.idempotency_key not like 'live:%'`.execute(db);
  if (orphans.rows[0].n > 0) problem(`${orphans.rows[0].n} game movements without their round`);

  // Every player: balance = bonuses + sum(win - stake) of their rounds; acknowledged bonuses credited once.
  for (const p of players) {
    const account = await db.selectFrom('accounts').select('id').where('email', '=', p.email).executeTakeFirst();
    if (!account) {
      problem(`player ${p.email} is missing`);
      continue;
    }
    const row = await sql<{ balance: number | null; bonuses: number; daily: number; promo: number; signup: number; rounds_net: number }>`
      select (select balance from wallets where account_id = ${account.id})::int as balance,
             (select coalesce(sum(amount), 0) from wallet_journal where account_id = ${account.id} and type not in ('BET', 'WIN', 'REFUND'))::int as bonuses,
             (select count(*) from wallet_journal where account_id = ${account.id} and type = 'DAILY_BONUS')::int as daily,
             (select count(*) from wallet_journal where account_id = ${account.id} and type = 'PROMO_BONUS')::int as promo,
             (select count(*) from wallet_journal where account_id = ${account.id} and type = 'SIGNUP_BONUS')::int as signup,
             (select coalesce(sum(case status when 'settled' then win - stake when 'open' then -stake else 0 end), 0)
                from house_rounds where account_id = ${account.id} and mode = 'real')::int as rounds_net`.execute(db);
    const r = row.rows[0];
    if ((r.balance ?? 0) !== r.bonuses + r.rounds_net)
      problem(`${p.email}: balance ${r.balance} but bonuses ${r.bonuses} + rounds ${r.rounds_net} = ${r.bonuses + r.rounds_net}`);
    if (r.signup !== 1) problem(`${p.email}: ${r.signup} sign-up bonuses`);
    if (r.daily > 1 || (p.dailyBonusAcked && r.daily !== 1)) problem(`${p.email}: ${r.daily} daily bonuses (acknowledged: ${p.dailyBonusAcked})`);
    if (r.promo > 1 || (p.promoAcked && r.promo !== 1)) problem(`${p.email}: ${r.promo} promotion bonuses (acknowledged: ${p.promoAcked})`);
  }
  return { lostOrDoubled };
}

/**
 * The checks must be able to fail: on the finished embedded database, double one acknowledged
 * round's bet (through the wallet, so the journal still sums) and lose another acknowledged answer;
 * verify must report both. The harness's own problems list is left as it was.
 */
export async function checkTheChecks(db: Db, players: Player[]) {
  const acked = players.flatMap((p) => p.rounds);
  const [doubled, lost] = [acked.find((a) => a.stake > 0), acked.at(-1)];
  if (!doubled || !lost || doubled === lost) {
    failures.push('self-check: too few acknowledged rounds to check the checks');
    return;
  }
  const round = await db.selectFrom('house_rounds').select(['account_id', 'game_code']).where('id', '=', doubled.roundId).executeTakeFirstOrThrow();
  await postMovement(db, {
    accountId: round.account_id!,
    type: 'BET',
    amount: -doubled.stake,
    idempotencyKey: `chaos-self-check-${randomUUID()}`,
    gameCode: round.game_code,
    sessionId: doubled.roundId,
  });
  await db.deleteFrom('house_requests').where('request_id', '=', lost.requestId).execute();
  const before = failures.length;
  const { lostOrDoubled } = await verify(db, players, 'self-check');
  const found = failures.splice(before);
  const sawDouble = found.some((f) => f.includes(doubled.roundId));
  const sawLost = found.some((f) => f.includes(lost.requestId));
  if (!sawDouble || !sawLost)
    failures.push(`self-check: a doubled bet (${sawDouble ? 'found' : 'MISSED'}) or a lost answer (${sawLost ? 'found' : 'MISSED'}) went unnoticed`);
  else console.log(`self-check: a doubled bet and a lost acknowledged answer planted afterwards were both found (${lostOrDoubled} problems)`);
}

/* ------------------------------------------------------------------ the runs */

export const baseEnv = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SITE_DIR: path.join(os.tmpdir(), 'chaos-no-site'),
  SEED_DEMO: 'true',
  // An app-like channel: sign-in hands out the token (bearer), so the harness needs no cookie jar.
  CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false, bearer: true } }),
  PHONE_VERIFICATION_REQUIRED: 'false',
  // Every player comes from 127.0.0.1: per-IP limits would refuse the load itself.
  SIGNIN_RATE_LIMIT: '1000000',
  SIGNUP_RATE_LIMIT: '1000000',
  UNIQUE_CHECK_RATE_LIMIT: '1000000',
  CAPTCHA_RATE_LIMIT: '1000000',
  FORGOT_PASSWORD_RATE_LIMIT: '1000000',
  LAUNCH_RATE_LIMIT: '1000000',
  DAILY_BONUS: '1000',
};

export async function gamesOf(servers: ApiProcess[]): Promise<GameInfo[]> {
  const res = await call(servers, 'GET', '/games?languageCode=en&siteRef=WEB');
  const games = (res?.body?.[0]?.games ?? []) as GameInfo[];
  for (const kind of GAME_KINDS) if (!games.some((g) => g.gameType === kind)) throw new Error(`no ${kind} game in the catalogue`);
  return games;
}

export function printSummary(label: string, result: { lostOrDoubled: number }, extra: string) {
  const acknowledged = [...stats.acknowledged.values()].reduce((a, b) => a + b, 0);
  const fiveXX = [...stats.byStatus.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  console.log(`\n== chaos ${label}`);
  console.log(`requests ${stats.requests} (network errors ${stats.networkErrors}, retries ${stats.retries}, gave up ${stats.gaveUp})`);
  console.log(
    `by status: ${[...stats.byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  );
  console.log(`acknowledged operations ${acknowledged}: ${[...stats.acknowledged.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (stats.tooMany.size) console.log(`429 by path: ${[...stats.tooMany.entries()].map(([p, n]) => `${p} ${n}`).join(', ')}`);
  console.log(`kills (SIGKILL) ${stats.kills}, restarts ${stats.restarts}${extra}`);
  console.log(`5xx ${fiveXX} (503 SERVICE_UNAVAILABLE ${stats.byStatus.get(503) ?? 0})`);
  console.log(`lost or doubled coins / operations: ${result.lostOrDoubled}`);
}

export function resetStats() {
  stats.requests = stats.networkErrors = stats.retries = stats.gaveUp = stats.kills = stats.restarts = stats.terminations = stats.terminatedBackends = 0;
  stats.byStatus.clear();
  stats.tooMany.clear();
  stats.acknowledged.clear();
}

/** haproxy (Debian's package): present, or installed after `apt-get update`; answers which. */
export function ensureHaproxy(): 'present' | 'installed' {
  if (spawnSync('haproxy', ['-v']).status === 0) return 'present';
  console.log('haproxy missing: apt-get update && apt-get install -y haproxy');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The package lists first: on a fresh image they are empty or stale, and the install would fail.
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) throw new Error('could not install haproxy (apt-get update failed)');
  const install = spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env });
  if (install.status !== 0 || spawnSync('haproxy', ['-v']).status !== 0) throw new Error('could not install haproxy (apt-get install -y haproxy)');
  return 'installed';
}

/**
 * haproxy with the very file operators install (deploy/haproxy.cfg) in front of three instances:
 * `-db` keeps it in the foreground, owned by the harness; its alerts and errors are printed.
 */
export function startHaproxy(ports: { haproxy: number; api: number[] }): ChildProcess {
  const env = {
    ...process.env,
    CASINO_BIND: `127.0.0.1:${ports.haproxy}`,
    CASINO_API1: `127.0.0.1:${ports.api[0]}`,
    CASINO_API2: `127.0.0.1:${ports.api[1]}`,
    CASINO_API3: `127.0.0.1:${ports.api[2]}`,
  };
  const child = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) if (/ALERT|error/i.test(line)) console.error(`haproxy: ${line.trim()}`);
  });
  started.add(child);
  return child;
}
