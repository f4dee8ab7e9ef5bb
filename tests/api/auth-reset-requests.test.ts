import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb, type Db } from '../../server/db';
import { processResetRequests, recordResetRequest, type ResetMail } from '../../server/modules/auth/service';
import { purgeExpired } from '../../server/modules/retention/service';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { highLimits, signUp, unique } from './auth-helpers';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reset requests are recorded before /forgot-password answers (docs/decisions/0014-operable-process.md): an answered request is never
 * lost to a crash, each one becomes its token and mail exactly once whichever server's worker takes it,
 * and an unknown email makes nothing. The app's own worker polls hourly here: the tests drive it.
 */
describe(`password reset requests: recorded before the answer, mailed exactly once (${dbName})`, () => {
  let t: TestApp;
  const db = () => t.testDb.db;
  const env = { ...highLimits, OUTBOX_POLL_MS: '3600000' };

  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.close());

  const mailbox = (to: string) => db().selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', to).execute();
  const requestsFor = (email: string) => db().selectFrom('reset_requests').selectAll().where('email', '=', email.toLowerCase()).execute();
  const resetsOf = async (email: string) => {
    const account = await db().selectFrom('accounts').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirstOrThrow();
    return db().selectFrom('password_resets').select('id').where('account_id', '=', account.id).execute();
  };
  const mail: ResetMail = (r) => ({ subject: 'reset', text: `token ${r.token}` });

  it('a request answered by a server that then dies is mailed once by another server on the same database', async () => {
    const player = await signUp(t);
    // The first server: its own connections on PostgreSQL, as another process would have.
    const firstDb: Db = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    const first = await buildApp({ config: t.config, db: firstDb });
    await first.ready();
    // It dies right after answering: the work it would start after the reply never runs.
    first.outbox.flush = async () => {};
    const answer = await first.inject({
      method: 'POST',
      url: `${t.config.API_BASE}/forgot-password`,
      headers: { channel: 'WEB', origin: new URL(t.config.PUBLIC_SITE_URL).origin },
      payload: { email: `  ${player.email.toUpperCase()} `, languageCode: 'en', siteRef: 'WEB' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await first.close();
    if (onPostgres) await firstDb.destroy();

    // The request was in the database when the answer left; nothing was made from it.
    expect(await requestsFor(player.email)).toEqual([expect.objectContaining({ email: player.email.toLowerCase(), processed_at: null })]);
    expect(await resetsOf(player.email)).toHaveLength(0);
    expect(await mailbox(player.email)).toHaveLength(0);

    // Another server starts: its worker's first pass makes the token and the mail, and delivers it.
    const second = await buildApp({ config: t.config, db: db() });
    await second.ready();
    try {
      for (let i = 0; i < 100 && (await mailbox(player.email)).length === 0; i++) await sleep(50);
      await second.outbox.drain();
      await second.outbox.drain();
    } finally {
      await second.close();
    }
    const mails = await mailbox(player.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/\/reset-password\?token=/);
    expect(await resetsOf(player.email)).toHaveLength(1);
    expect((await requestsFor(player.email))[0]!.processed_at).toBeInstanceOf(Date);

    // The mailed link works.
    const link = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mails[0]!.body)![0]);
    const reset = await t.api({
      method: 'POST',
      url: '/reset-password',
      payload: { email: player.email, token: link.searchParams.get('token'), password: 'a brand new passphrase 9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('two workers processing the same requests make each one token and one mail', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => signUp(t)));
    const unknown = Array.from({ length: 6 }, () => `nobody-${unique()}@example.test`);
    for (const email of [...players.map((p) => p.email), ...unknown]) await recordResetRequest(db(), email);

    // Each worker with its own connections on PostgreSQL, as two servers; small batches, so their
    // transactions interleave.
    const second: Db = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    try {
      const [a, b, c] = await Promise.all([processResetRequests(db(), mail, 2), processResetRequests(second, mail, 2), processResetRequests(second, mail, 3)]);
      const ids = [...a!, ...b!, ...c!];
      expect(ids).toHaveLength(players.length);
      expect(new Set(ids).size).toBe(players.length);
      // Nothing left: a further pass makes nothing.
      expect(await processResetRequests(second, mail)).toEqual([]);
    } finally {
      if (onPostgres) await second.destroy();
    }
    for (const p of players) {
      expect(await resetsOf(p.email)).toHaveLength(1);
      expect(await db().selectFrom('outbox_messages').select('id').where('recipient', '=', p.email).execute()).toHaveLength(1);
      expect((await requestsFor(p.email))[0]!.processed_at).toBeInstanceOf(Date);
    }
    for (const email of unknown) {
      expect(await db().selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute()).toHaveLength(0);
      expect((await requestsFor(email))[0]!.processed_at).toBeInstanceOf(Date);
    }
  });

  it('an unknown email is recorded and answered like any other, and makes no token and no mail', async () => {
    const email = `nobody-${unique()}@example.test`;
    const before = Number((await sql<{ n: string }>`select count(*) as n from password_resets`.execute(db())).rows[0]!.n);
    const answer = await t.api({ method: 'POST', url: '/forgot-password', payload: { email, languageCode: 'ja', siteRef: 'WEB' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    for (let i = 0; i < 100 && !(await requestsFor(email))[0]?.processed_at; i++) await sleep(20);
    expect((await requestsFor(email))[0]!.processed_at).toBeInstanceOf(Date);
    await t.app.outbox.drain();
    expect(await db().selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute()).toHaveLength(0);
    expect(await mailbox(email)).toHaveLength(0);
    expect(Number((await sql<{ n: string }>`select count(*) as n from password_resets`.execute(db())).rows[0]!.n)).toBe(before);
  });

  it('a request older than a reset link lives (the workers were down) is dropped, not mailed late', async () => {
    const player = await signUp(t);
    await recordResetRequest(db(), player.email);
    await sql`update reset_requests set requested_at = now() - interval '31 minutes' where email = ${player.email.toLowerCase()}`.execute(db());
    expect(await processResetRequests(db(), mail)).toEqual([]);
    expect((await requestsFor(player.email))[0]!.processed_at).toBeInstanceOf(Date);
    expect(await resetsOf(player.email)).toHaveLength(0);
  });

  it('retention removes requests older than RETENTION_TOKEN_DAYS and keeps recent ones', async () => {
    const old = `old-${unique()}@example.test`;
    const recent = `recent-${unique()}@example.test`;
    await recordResetRequest(db(), old);
    await recordResetRequest(db(), recent);
    await processResetRequests(db(), mail);
    await sql`update reset_requests set requested_at = now() - interval '8 days', processed_at = now() - interval '8 days' where email = ${old}`.execute(db());
    const report = await purgeExpired(db(), t.config, new Date());
    expect(report.reset_requests).toBeGreaterThanOrEqual(1);
    expect(await requestsFor(old)).toHaveLength(0);
    expect(await requestsFor(recent)).toHaveLength(1);
  });
});
