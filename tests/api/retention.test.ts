import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema } from '../../contracts/games';
import { runAdmin } from '../../server/admin';
import { createDb, type Db } from '../../server/db';
import { seedGames } from '../../server/modules/games/service';
import { runDailyRetention, purgeExpired } from '../../server/modules/retention/service';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { solveCaptcha } from './auth-helpers';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';

/**
 * Retention (docs/decisions/0015-outbox-retention-backups-cluster.md): the daily job deletes what is past its period (defaults: tokens and codes 7
 * days after expiry, sessions 30, page views 180, delivered mail 30) and keeps everything else; the
 * wallet journal and game rounds are never touched.
 */
describe(`retention (${dbName})`, () => {
  let t: TestApp;
  const db = () => t.testDb.db;

  beforeAll(async () => {
    t = await createTestApp({ OUTBOX_POLL_MS: '3600000' });
    await seedGames(db());
  });
  afterAll(() => t.close());

  /** Everything a player leaves behind: a sign-in session, a game played (launch token, play session, requests, rounds), a reset token, a phone code, mail. */
  async function activePlayer(): Promise<TestPlayer> {
    const p = await createTestPlayer(db(), { phoneVerified: false });
    await postMovement(db(), { accountId: p.id, type: 'ADJUSTMENT', amount: 1_000, idempotencyKey: `fund-${randomBytes(6).toString('hex')}`, reason: 'test' });
    await sql`update accounts set phone_verified_at = now(), phone_number = ${`+8190${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`} where id = ${p.id}`.execute(
      db(),
    );
    const launch = await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-neon-sevens&language=en', headers: p.headers });
    expect(launch.statusCode, launch.body).toBe(200);
    const token = new URL(launch.json().url, 'http://x').searchParams.get('token')!;
    const { session } = HouseSessionResponseSchema.parse((await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json());
    for (let i = 0; i < 3; i++) {
      const spin = await t.api({ method: 'POST', url: '/house/play', payload: { session, input: { kind: 'slot', bet: 10 }, requestId: randomUUID() } });
      expect(spin.statusCode, spin.body).toBe(200);
    }
    expect((await t.api({ method: 'POST', url: '/forgot-password', payload: { email: p.email, languageCode: 'en', siteRef: 'WEB' } })).statusCode).toBe(200);
    await sql`update accounts set phone_verified_at = null, phone_number = null where id = ${p.id}`.execute(db());
    const number = `+8180${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    expect((await t.api({ method: 'POST', url: '/RequestOtpSms', headers: p.headers, payload: { phoneNumber: number } })).statusCode).toBe(200);
    // Wait for the reset mail (queued after the answer) to be written and delivered.
    for (let i = 0; i < 100; i++) {
      const sent = await db().selectFrom('outbox_messages').select('id').where('recipient', '=', p.email).where('status', '=', 'sent').executeTakeFirst();
      if (sent) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return p;
  }

  const count = async (table: string, where = sql`true`) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db())).rows[0]!.n);
  /** The rows of a player in each table that retention looks at. */
  const footprint = async (p: TestPlayer) => ({
    sessions: await count('sessions', sql`account_id = ${p.id}`),
    launch_tokens: await count('launch_tokens', sql`account_id = ${p.id}`),
    play_sessions: await count('play_sessions', sql`account_id = ${p.id}`),
    house_requests: await count('house_requests', sql`play_session_id in (select id from play_sessions where account_id = ${p.id})`),
    password_resets: await count('password_resets', sql`account_id = ${p.id}`),
    phone_codes: await count('phone_codes', sql`account_id = ${p.id}`),
    sms_sends: await count('sms_sends', sql`account_id = ${p.id}`),
    outbox_messages: await count('outbox_messages', sql`recipient = ${p.email}`),
    outbox: await count('outbox', sql`recipient = ${p.email.toLowerCase()}`),
  });

  it('purges what is past its period, keeps what is not, and never touches the wallet journal or game rounds', async () => {
    const old = await activePlayer();
    const recent = await activePlayer();
    // Everything of `old` ended long ago: its sign-in session 40 days ago (revoked), the rest 10 days ago.
    const ago = (days: number) => sql`interval '1 day' * ${days}`;
    await sql`update sessions set expires_at = now() - ${ago(40)}, revoked_at = now() - ${ago(40)} where account_id = ${old.id}`.execute(db());
    for (const table of ['launch_tokens', 'play_sessions', 'password_resets', 'phone_codes']) {
      await sql`update ${sql.table(table)} set expires_at = now() - ${ago(10)} where account_id = ${old.id}`.execute(db());
    }
    await sql`update sms_sends set created_at = now() - ${ago(10)} where account_id = ${old.id}`.execute(db());
    await sql`update house_requests set created_at = now() - ${ago(10)} where play_session_id in (select id from play_sessions where account_id = ${old.id})`.execute(
      db(),
    );
    await sql`update outbox_messages set sent_at = now() - ${ago(40)} where recipient = ${old.email}`.execute(db());
    await sql`update outbox set created_at = now() - ${ago(40)} where recipient = ${old.email.toLowerCase()}`.execute(db());
    const oldCaptcha = (await solveCaptcha(t)).challengeId;
    const newCaptcha = (await solveCaptcha(t)).challengeId;
    await sql`update captcha_challenges set expires_at = now() - ${ago(10)} where id = ${oldCaptcha}`.execute(db());
    await db()
      .insertInto('page_views')
      .values([{ path: '/old', language: 'ja', created_at: new Date(Date.now() - 200 * 86_400_000) } as never, { path: '/new', language: 'ja' }])
      .execute();

    const before = { old: await footprint(old), recent: await footprint(recent) };
    for (const [table, n] of Object.entries(before.old)) expect(n, `old ${table}`).toBeGreaterThan(0);
    const journal = await count('wallet_journal');
    const rounds = await count('house_rounds');
    expect(await count('house_rounds', sql`account_id = ${old.id}`)).toBe(3);

    const report = await purgeExpired(db(), t.config, new Date());
    expect(await footprint(old)).toEqual(Object.fromEntries(Object.keys(before.old).map((k) => [k, 0])));
    expect(await footprint(recent)).toEqual(before.recent);
    expect(await count('captcha_challenges', sql`id = ${oldCaptcha}`)).toBe(0);
    expect(await count('captcha_challenges', sql`id = ${newCaptcha}`)).toBe(1);
    expect(await count('page_views', sql`path = '/old'`)).toBe(0);
    expect(await count('page_views', sql`path = '/new'`)).toBe(1);
    expect(report).toMatchObject({ sessions: expect.any(Number), page_views: 1, captcha_challenges: 1 });
    // Money and play history stay whole.
    expect(await count('wallet_journal')).toBe(journal);
    expect(await count('house_rounds')).toBe(rounds);
    expect(await count('house_rounds', sql`account_id = ${old.id}`)).toBe(3);
    expect(await runAdmin(['wallet:check'], { db: db(), config: t.config, out: () => {} })).toBe(0);
    // The player whose sign-in session was purged signs in again as ever; the recent one still is.
    expect((await t.api({ method: 'GET', url: '/balance', headers: recent.headers })).statusCode).toBe(200);
  });

  it('keeps a play session whose round is still open', async () => {
    const p = await activePlayer();
    const playSession = await db().selectFrom('play_sessions').select('id').where('account_id', '=', p.id).executeTakeFirstOrThrow();
    await sql`update house_rounds set status = 'open' where id = (select id from house_rounds where play_session_id = ${playSession.id} limit 1)`.execute(db());
    await sql`update play_sessions set expires_at = now() - interval '10 days' where id = ${playSession.id}`.execute(db());
    await sql`update sessions set expires_at = now() - interval '40 days' where account_id = ${p.id}`.execute(db());
    await purgeExpired(db(), t.config, new Date());
    expect(await count('play_sessions', sql`id = ${playSession.id}`)).toBe(1);
    expect(await count('sessions', sql`account_id = ${p.id}`)).toBe(1);
  });

  it('runs once a day across servers: of several servers checking at once, one purges', async () => {
    const at = new Date('2031-03-04T05:00:00Z');
    const config = { ...t.config, RETENTION_HOUR: 3 };
    expect(await runDailyRetention(db(), config, new Date('2031-03-04T02:59:00Z'))).toBeNull();
    const second: Db = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    try {
      const reports = await Promise.all([
        runDailyRetention(db(), config, at, 'a'),
        runDailyRetention(second, config, at, 'b'),
        runDailyRetention(db(), config, at, 'c'),
      ]);
      expect(reports.filter((r) => r !== null)).toHaveLength(1);
    } finally {
      if (second !== db()) await second.destroy();
    }
    expect(await runDailyRetention(db(), config, new Date('2031-03-04T23:00:00Z'))).toBeNull();
    expect(await runDailyRetention(db(), config, new Date('2031-03-05T03:00:00Z'))).not.toBeNull();
    const runs = await db().selectFrom('job_runs').selectAll().where('job', '=', 'retention').orderBy('run_key').execute();
    expect(runs.map((r) => r.run_key)).toEqual(['2031-03-04', '2031-03-05']);
    expect(runs.every((r) => r.finished_at !== null)).toBe(true);
  });
});
