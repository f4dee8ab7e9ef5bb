/**
 * What the benches share: the production configuration they run the API with (nothing is mailed or
 * texted: the mail and SMS addresses lead nowhere) and a signed-in player with coins.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db';
import { postMovement } from '../server/modules/wallet';
import { createSession } from '../server/plugins/session';
import { createLaunchToken } from '../server/modules/house/launch';

/** Production settings on a free port, plus `extra` (rate limits a bench lifts). */
export const benchConfig = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    ALLOW_EMBEDDED_DB: 'true',
    PUBLIC_SITE_URL: 'https://coincasino.example',
    LOG_LEVEL: 'silent',
    SITE_DIR: './no-site',
    SEED_DEMO: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    // Production refuses to start without mail and SMS; the benches send neither.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
    ...extra,
  });

/** A player with `coins` (an adjustment in the journal, or a daily bonus) and a sign-in session. */
export async function benchPlayer(
  db: Db,
  coins: number,
  type: 'ADJUSTMENT' | 'DAILY_BONUS' = 'ADJUSTMENT',
): Promise<{ accountId: string; sessionId: number; token: string }> {
  const tag = randomBytes(6).toString('hex');
  const account = await db
    .insertInto('accounts')
    .values({ account_ref: `acc_${tag}`, email: `bench${tag}@example.test`, display_name: `b${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await postMovement(db, { accountId: account.id, type, amount: coins, idempotencyKey: `bench-${tag}`, reason: 'bench' });
  const { sessionId, token } = await createSession(db, account.id);
  return { accountId: account.id, sessionId, token };
}

/**
 * Coins a bench player has wagered before the bench (one BET in the journal): level 10 of
 * contracts/progression-config.ts (3,000 XP), the next level 10,000 coins away, a level-up every
 * 1,000 spins of 10 coins, a regular player's pace. A new account levels up every 50-150 spins:
 * with those, one spin in a hundred paid a level (a dozen statements) and the bench measured
 * level-ups forty times as often as players make them.
 */
export const BENCH_WAGERED_BEFORE = 30_000;

/**
 * A rich player's play session of `gameCode` (real coins) on the API at `api`: the launch token
 * straight from the provider (POST /launchgame allows an address 60 a minute), opened at /house/session.
 * The player has wagered BENCH_WAGERED_BEFORE coins before.
 */
export async function benchGameSession(db: Db, api: string, gameCode: string): Promise<string> {
  const player = await benchPlayer(db, 1_000_000_000);
  await postMovement(db, {
    accountId: player.accountId,
    type: 'BET',
    amount: -BENCH_WAGERED_BEFORE,
    idempotencyKey: `bench-before-${player.accountId}`,
    reason: 'bench',
  });
  const token = await createLaunchToken(db, {
    accountId: player.accountId,
    signInSessionId: player.sessionId,
    gameCode,
    mode: 'real',
    lobbyUrl: null,
    language: 'en',
  });
  const res = await fetch(`${api}/house/session`, {
    method: 'POST',
    headers: { channel: 'WEB', 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`POST /house/session: ${res.status} ${await res.text()}`);
  return String(((await res.json()) as { session: string }).session);
}
