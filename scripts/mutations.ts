/**
 * The named breaks `npm run mutate` applies (docs/decisions/0027): each is what a careless or hostile
 * change to security, money or fairness code would look like, with the test files that claim to
 * guard it. A mutation's `find` must occur exactly once in its file (scripts/mutate.ts checks), so
 * when the code moves the list fails loudly instead of silently testing nothing.
 */
export interface Edit {
  file: string;
  find: string;
  replace: string;
}

export interface Mutation {
  name: string;
  /** The claim the break violates. */
  claim: string;
  edits: Edit[];
  /** Test files that claim to guard it (run alone, in the scratch copy). */
  tests: string[];
  /**
   * Or a bench whose verdict claims to catch it: `npm run bench -- --short <name>` in the scratch
   * copy, with `env` (to run only the bench's part that judges it).
   */
  bench?: { name: string; env?: Record<string, string> };
  /** Only the tests whose names match this (vitest -t): a file's other tests guard other claims. */
  filter?: string;
  /** Runs its tests on PostgreSQL (MUTATE_POSTGRES_URL): the guard only exists with two real connections. */
  postgres?: boolean;
  /** In the short list .ci/run runs. */
  short?: boolean;
}

const STAFF = 'server/modules/backoffice/staff.ts';
const AUTH = 'server/modules/auth/service.ts';
const AUDIT = 'server/modules/audit/log.ts';
const LIVE_BETS = 'server/modules/live/bets.ts';
const LIVE_RUNNER = 'server/modules/live/runner.ts';

export const MUTATIONS: Mutation[] = [
  // ---- Staff sign-in: the second factor and the lock-out ------------------------------------------
  {
    name: 'staff-totp-any-code',
    claim: 'staff sign-in refuses a wrong six-digit second-factor code',
    edits: [
      {
        file: STAFF,
        find: '  if (delta === null) return null;\n  return Math.floor(now / 1000 / TOTP.period) + delta;',
        replace: '  return Math.floor(now / 1000 / TOTP.period) + (delta ?? 0);',
      },
    ],
    tests: ['tests/api/staff-signin-guards.test.ts'],
    short: true,
  },
  {
    name: 'staff-wrong-code-not-counted',
    claim: 'a wrong second-factor code counts toward the staff lock-out',
    edits: [
      {
        file: STAFF,
        find: "if (!(await spendSecondFactor(db, staff, input.code))) return fail('INVALID_ONE_TIME_PASSWORD');",
        replace: "if (!(await spendSecondFactor(db, staff, input.code))) throw new AppError('INVALID_ONE_TIME_PASSWORD');",
      },
    ],
    tests: ['tests/api/staff-signin-guards.test.ts'],
    short: true,
  },
  {
    name: 'staff-totp-replay',
    claim: 'a TOTP code that signed in once is refused the second time',
    edits: [{ file: STAFF, find: "eb('last_totp_step', '<', step)", replace: "eb('last_totp_step', '<=', step)" }],
    tests: ['tests/api/staff-signin-guards.test.ts'],
  },
  {
    name: 'staff-lockout-never',
    claim: 'LOCKOUT_THRESHOLD failed staff sign-ins lock the account',
    edits: [
      { file: STAFF, find: 'if (row.failed_signins >= config.LOCKOUT_THRESHOLD) {', replace: 'if (row.failed_signins >= config.LOCKOUT_THRESHOLD * 1000) {' },
    ],
    tests: ['tests/api/staff-signin-guards.test.ts'],
  },
  {
    name: 'staff-lock-ignored',
    claim: 'a locked staff account is refused even with the right password and code',
    edits: [{ file: STAFF, find: "if (staff.locked_until && staff.locked_until.getTime() > now) throw new AppError('USER_LOCKED_OUT');", replace: '' }],
    tests: ['tests/api/staff-signin-guards.test.ts'],
  },
  // ---- Player sign-in lock-out --------------------------------------------------------------------
  {
    name: 'player-lockout-never',
    claim: 'LOCKOUT_THRESHOLD failed player sign-ins lock the account',
    edits: [
      { file: AUTH, find: 'if (row.failed_logins >= config.LOCKOUT_THRESHOLD) {', replace: 'if (row.failed_logins >= config.LOCKOUT_THRESHOLD * 1000) {' },
    ],
    tests: ['tests/api/auth-abuse.test.ts'],
    filter: 'lockout',
  },
  {
    name: 'player-lock-ignored',
    claim: 'a locked player account is refused even with the right password',
    edits: [{ file: AUTH, find: "if (account.locked_until && account.locked_until.getTime() > now) throw new AppError('USER_LOCKED_OUT');", replace: '' }],
    tests: ['tests/api/auth-abuse.test.ts'],
    filter: 'lockout',
  },
  // ---- The audit chain ----------------------------------------------------------------------------
  {
    name: 'audit-hash-omits-link',
    claim: "an audit row's hash covers the previous row's hash",
    edits: [{ file: AUDIT, find: '    r.ip,\n    r.prev_hash,\n  ]);', replace: '    r.ip,\n  ]);' }],
    tests: ['tests/api/audit-chain.test.ts'],
  },
  {
    name: 'audit-verify-skips-link',
    claim: "audit:verify compares each row's previous-row hash with the row before it",
    edits: [{ file: AUDIT, find: 'if (r.prev_hash !== prevHash) return', replace: 'if (r.prev_hash !== r.prev_hash) return' }],
    tests: ['tests/api/audit-chain.test.ts'],
    short: true,
  },
  {
    name: 'audit-verify-skips-gap',
    claim: 'audit:verify names a row removed from the middle',
    edits: [{ file: AUDIT, find: 'if (r.seq !== expectedSeq) return', replace: 'if (r.seq !== r.seq) return' }],
    tests: ['tests/api/audit-chain.test.ts'],
  },
  // ---- The outbox and the metrics -----------------------------------------------------------------
  {
    name: 'outbox-claim-unlocked',
    claim: 'two outbox workers never claim the same message (FOR UPDATE SKIP LOCKED)',
    edits: [{ file: 'server/modules/outbox/service.ts', find: '        for update skip locked\n', replace: '\n' }],
    tests: ['tests/api/outbox-claim.test.ts'],
    postgres: true,
    short: true,
  },
  {
    name: 'metrics-sent-still',
    claim: 'casino_messages_sent_total counts every message delivered',
    edits: [
      {
        file: 'server/app.ts',
        find: "outcome === 'sent' ? recordMessageSent(channel) : recordMessageFailed(channel)",
        replace: "outcome === 'sent' ? undefined : recordMessageFailed(channel)",
      },
    ],
    tests: ['tests/api/metrics-messages.test.ts'],
    short: true,
  },
  {
    name: 'metrics-failed-still',
    claim: 'casino_messages_failed_total counts every failed attempt',
    edits: [
      {
        file: 'server/app.ts',
        find: "outcome === 'sent' ? recordMessageSent(channel) : recordMessageFailed(channel)",
        replace: "outcome === 'sent' ? recordMessageSent(channel) : undefined",
      },
    ],
    tests: ['tests/api/metrics-messages.test.ts'],
  },
  {
    name: 'metrics-signups-double',
    claim: 'casino_signups_total moves by one per sign-up',
    edits: [{ file: 'server/metrics.ts', find: '  signUps.inc();', replace: '  signUps.inc(2);' }],
    tests: ['tests/api/metrics.test.ts'],
  },
  // ---- Money --------------------------------------------------------------------------------------
  {
    name: 'four-eyes-self-approval',
    claim: 'the staff member who requested an adjustment above the threshold cannot approve it',
    edits: [
      { file: 'server/modules/backoffice/adjustments.ts', find: "  if (adj.requested_by === staff.id) throw new AppError('OWN_ADJUSTMENT');\n", replace: '' },
      { file: 'server/modules/backoffice/adjustments.ts', find: "      .where('requested_by', '!=', staff.id)\n", replace: '' },
    ],
    tests: ['tests/api/backoffice.test.ts'],
    filter: 'adjustments',
  },
  {
    name: 'wallet-overdraft',
    claim: 'a debit never takes a wallet below zero',
    edits: [{ file: 'server/modules/wallet/posting.ts', find: 'wl.balance + g.lowest >= 0 as enough', replace: 'wl.balance + g.lowest >= -1000000 as enough' }],
    tests: ['tests/api/wallet.service.test.ts'],
    filter: 'below zero',
    short: true,
  },
  {
    name: 'wallet-key-replay-unanswered',
    claim: 'a movement repeated with its idempotency key is answered with the first result and moves no coins again',
    // (Removing `on conflict (idempotency_key) do nothing` alone survived: the unique index still
    // refuses the second row, so it is not a break of this claim by itself.)
    edits: [
      {
        file: 'server/modules/wallet/posting.ts',
        find: '  return row && { transactionId: row.id, newBalance: row.balance_after, replayed: true };',
        replace: '  return row ? undefined : undefined;',
      },
    ],
    tests: ['tests/api/wallet.service.test.ts'],
    filter: 'idempotency key',
  },
  {
    name: 'house-request-replay-plays-again',
    claim: 'a repeated house play request (same requestId) is answered with its first result, not played again',
    edits: [
      {
        file: 'server/modules/house/requests.ts',
        find: '  ).execute(db);\n  return answerOf(rows[0]);\n}\n\n/** The answer a request got in this play session',
        replace: '  ).execute(db);\n  return rows.length < 0 ? answerOf(rows[0]) : undefined;\n}\n\n/** The answer a request got in this play session',
      },
    ],
    tests: ['tests/api/money-path.test.ts'],
    filter: 'requestId',
  },
  {
    name: 'level-reward-twice',
    claim: 'each level reward is credited once',
    edits: [
      { file: 'server/modules/progression/service.ts', find: '    if (level <= row.rewarded_level) return;\n', replace: '' },
      {
        file: 'server/modules/progression/service.ts',
        find: 'if (step.level <= row.rewarded_level || step.level > level) continue;',
        replace: 'if (step.level > level) continue;',
      },
      {
        file: 'server/modules/progression/service.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        find: 'idempotencyKey: `level:${accountId}:${step.level}`',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        replace: 'idempotencyKey: `level:${accountId}:${step.level}:${Math.random()}`',
      },
    ],
    tests: ['tests/api/progression.test.ts'],
  },
  {
    name: 'level-reward-during-break',
    claim: 'no level reward is paid during a break or self-exclusion',
    edits: [
      {
        file: 'server/modules/progression/service.ts',
        find: '  if (await rewardsPaused(db, accountId, now)) return;\n  await db.transaction()',
        replace: '  await db.transaction()',
      },
    ],
    tests: ['tests/api/progression.test.ts'],
  },
  // ---- Fairness -----------------------------------------------------------------------------------
  {
    name: 'raffle-holder-wins-twice',
    claim: 'a raffle draw gives each ticket holder one prize at most',
    edits: [
      {
        file: 'contracts/raffle-draw.ts',
        find: '      const holder = ownerOf(ticket);\n      if (won.has(holder)) continue;\n',
        replace: '      const holder = ownerOf(ticket);\n',
      },
    ],
    tests: ['tests/unit/raffle-draw.test.ts'],
    short: true,
  },
  {
    name: 'raffle-ticket-off-by-one',
    claim: 'the server draws the winners the published algorithm draws',
    edits: [
      {
        file: 'contracts/raffle-draw.ts',
        find: '      const ticket = u % total;\n      const holder = ownerOf(ticket);',
        replace: '      const ticket = (u + 1) % total;\n      const holder = ownerOf(ticket);',
      },
    ],
    tests: ['tests/unit/raffle-draw.test.ts'],
  },
  {
    name: 'slot-reel-order-reversed',
    claim: 'a slot shows the reel strip in order from the committed stop',
    edits: [
      {
        file: 'contracts/house/slot.ts',
        find: 'const sym = strip[(stop + row) % strip.length];',
        replace: 'const sym = strip[(stop + rows - 1 - row) % strip.length];',
      },
    ],
    tests: ['tests/unit/slot-round.test.ts', 'tests/unit/fairness.test.ts'],
  },
  {
    name: 'slot-line-wins-x1.01',
    claim: 'slot line wins pay the paytable, no more (about +1 RTP point)',
    edits: [{ file: 'contracts/house/slot.ts', find: 'const w = pay * lineBet * multiplier;', replace: 'const w = pay * lineBet * multiplier * 1.01;' }],
    // The engine enumerated for every catalogue slot (the other tests of the file are the table games').
    tests: ['tests/unit/rtp.test.ts'],
    filter: 'every stop class',
  },
  {
    name: 'slot-losing-spins-pay',
    claim: 'a slot spin with no line or scatter win pays nothing (a hit-rate error of a few tenths of a point, the RTP moved by hundredths)',
    edits: [
      {
        file: 'contracts/house/slot.ts',
        find: '  win += scatterWin;',
        replace: '  win += scatterWin;\n  if (win === 0 && grid[0] === 0 && grid[rows] === 0) win = 1;',
      },
    ],
    tests: ['tests/unit/rtp.test.ts'],
    filter: 'every stop class',
  },

  // ---- The shared live tables (docs/decisions/0025) -------------------------------------------------
  {
    name: 'live-bet-after-close',
    claim: "a live table's bet at or after the close by the server's clock is refused BETTING_CLOSED",
    edits: [
      {
        file: LIVE_BETS,
        find: "round?.status !== 'betting' || now.getTime() >= round.closes_at.getTime()",
        replace: "round?.status !== 'betting'",
      },
    ],
    tests: ['tests/api/live.test.ts'],
    filter: 'BETTING_CLOSED',
    short: true,
  },
  {
    name: 'live-bet-key-per-request',
    claim: 'a live bet is debited once per client request id, also sent 20 times at once',
    edits: [
      {
        file: LIVE_BETS,
        find: 'idempotencyKey: `live:bet:${accountId}:${request.requestId}`',
        replace: 'idempotencyKey: `live:bet:${accountId}:${randomUUID()}`',
      },
      { file: LIVE_BETS, find: 'import type { LiveBetRequest }', replace: "import { randomUUID } from 'node:crypto';\nimport type { LiveBetRequest }" },
    ],
    tests: ['tests/api/live.test.ts'],
    filter: 'debits once',
  },
  {
    name: 'live-settle-unconditional',
    claim: 'a live round ends once: a refunded round is never settled afterwards',
    edits: [
      {
        file: LIVE_RUNNER,
        find: "    .where('id', '=', roundId)\n    .where('status', 'in', ['betting', 'drawing'])",
        replace: "    .where('id', '=', roundId)",
      },
    ],
    tests: ['tests/api/live.test.ts'],
    filter: 'refunded once',
  },
  {
    name: 'live-seed-off-chain',
    claim: "a live round's seed is the one its published chain commits to",
    edits: [{ file: 'server/modules/live/chain.ts', find: 'return links[chain.length - position];', replace: 'return links[chain.length - position - 1];' }],
    tests: ['tests/api/live.test.ts'],
    filter: 'published chain',
  },
  {
    name: 'live-replay-skips-one',
    claim: 'Last-Event-ID replays exactly the missed events',
    edits: [
      {
        file: 'server/modules/live/broker.ts',
        find: 'return stream.filter((e) => compareIds(e.id, afterId) > 0);',
        replace: 'return stream.filter((e) => compareIds(e.id, afterId) > 0).slice(1);',
      },
    ],
    tests: ['tests/api/live-stream.test.ts'],
    filter: 'Last-Event-ID replays',
  },
  {
    name: 'live-slow-reader-kept',
    claim: 'a watcher that does not read is dropped, never buffered without bound',
    edits: [
      { file: 'server/modules/live/hub.ts', find: 'if (w.res.writableLength > MAX_UNSENT) {', replace: 'if (w.res.writableLength > MAX_UNSENT * 1000) {' },
    ],
    tests: ['tests/api/live-stream.test.ts'],
    filter: 'does not read',
  },
  // ---- Bench verdicts: each CI floor or budget against the regression it names ---------------------
  {
    name: 'bench-signin-extra-query',
    claim: 'the sign-in bench fails on one statement more per sign-in',
    edits: [
      {
        file: AUTH,
        find: '  const { token } = await createSession(db, account.id);\n  return { token, displayName',
        replace:
          "  await db.selectFrom('accounts').select('id').where('id', '=', account.id).execute();\n  const { token } = await createSession(db, account.id);\n  return { token, displayName",
      },
    ],
    tests: [],
    bench: { name: 'signin' },
  },
  {
    name: 'bench-signin-extra-hash',
    claim: 'the sign-in bench fails on one argon2id verify more per sign-in',
    edits: [
      {
        file: AUTH,
        find: '  if (!(await verifyPassword(account.password_hash, password))) {\n    // An expired lock',
        replace:
          '  await verifyPassword(account.password_hash, password);\n  if (!(await verifyPassword(account.password_hash, password))) {\n    // An expired lock',
      },
    ],
    tests: [],
    bench: { name: 'signin' },
  },
  {
    name: 'bench-balance-extra-round-trip',
    claim: 'the /balance bench fails on one round trip to the database more per request',
    edits: [
      {
        file: 'server/modules/wallet/routes.ts',
        find: "    reply.header('cache-control', 'no-store');\n    return balanceWithBonusStatus(",
        replace:
          "    reply.header('cache-control', 'no-store');\n    await app.db.selectFrom('accounts').select('id').where('id', '=', account.id).execute();\n    return balanceWithBonusStatus(",
      },
    ],
    tests: [],
    bench: { name: 'balance' },
  },
  {
    name: 'bench-group-commit-lost',
    claim: 'the spins bench fails when rounds are no longer written many to a statement',
    edits: [{ file: 'server/modules/house/one-statement.ts', find: 'const ROUNDS_PER_STATEMENT = 32;', replace: 'const ROUNDS_PER_STATEMENT = 1;' }],
    tests: [],
    bench: { name: 'games', env: { BENCH_GAMES_PARTS: 'spins' } },
  },
  {
    name: 'bench-leaderboard-readers-idle',
    claim: 'the leaderboard bench fails when its lobbies do not read',
    edits: [
      {
        file: 'bench/leaderboard.bench.ts',
        find: "    socket.on('connect', () => setTimeout(send, (pollMs * i) / readers));",
        replace: "    socket.on('connect', () => { socket.end(); resolve(); });",
      },
    ],
    tests: [],
    bench: { name: 'leaderboard' },
  },
];
