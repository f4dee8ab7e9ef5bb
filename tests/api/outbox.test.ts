import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createDb, type Db } from '../../server/db';
import { smtpTransport } from '../../server/modules/outbox/smtp';
import { enqueue, Outbox, type OutboxOptions, type Transport } from '../../server/modules/outbox/service';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { headerOf, startSmtp, textOf } from '../support/smtp';
import { signUp, highLimits } from './auth-helpers';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const options: OutboxOptions = { pollMs: 3_600_000, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 3, leaseMs: 60_000, batch: 5 };

/**
 * The durable outbox (docs/decisions/0015) against a real local SMTP server: mail survives
 * the server being down, two workers never send a message twice, undeliverable mail ends listed as a
 * dead letter. The app's own worker is not polling here (OUTBOX_POLL_MS is an hour): the tests drive it.
 */
describe(`durable outbox (${dbName})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const db = () => t.testDb.db;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      ...highLimits,
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: '3600000',
      OUTBOX_RETRY_BASE_MS: '50',
      OUTBOX_RETRY_MAX_MS: '200',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Runs the app's worker pass until `done` holds (retries wait up to a few hundred ms). */
  const drainUntil = async (done: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 100; i++) {
      await t.app.outbox.drain();
      if (await done()) return;
      await sleep(60);
    }
    throw new Error('outbox never reached the expected state');
  };

  it('delivers a reset email once the SMTP server is back, exactly once, and the link works', async () => {
    const player = await signUp(t);
    const { port } = smtp;
    await smtp.close();
    const asked = await t.api({ method: 'POST', url: '/forgot-password', payload: { email: player.email, languageCode: 'en', siteRef: 'WEB' } });
    expect(asked.statusCode).toBe(200);
    // The token and its mail were written together; the first attempt found no SMTP server.
    const message = () => db().selectFrom('outbox_messages').selectAll().where('recipient', '=', player.email).executeTakeFirst();
    for (let i = 0; i < 100 && !(await message())?.last_error; i++) await sleep(50);
    expect(await message()).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });

    smtp = await startSmtp({ port });
    await drainUntil(async () => (await message())?.status === 'sent');
    await t.app.outbox.drain();
    await sleep(100);
    await t.app.outbox.drain();
    expect(smtp.to(player.email)).toHaveLength(1);
    const { headers, text } = textOf(smtp.to(player.email)[0]!.raw);
    expect(headerOf(headers, 'message-id')).toMatch(/^<[0-9a-f]{32}@coincasino\.example>$/);
    const link = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(text.replace(/\r\n/g, '\n'))![0]);
    const reset = await t.api({
      method: 'POST',
      url: '/reset-password',
      payload: { email: player.email, token: link.searchParams.get('token'), password: 'a brand new passphrase 7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Delivered: the link is not kept in the outbox any more.
    expect((await message())!.body).toBe('');
  });

  it('two workers draining one outbox send each message once', async () => {
    const run = `w${Date.now()}`;
    const keys = Array.from({ length: 30 }, (_, i) => `${run}:${i}`);
    for (const key of keys) await enqueue(db(), { key, channel: 'email', to: `${key.replace(':', '-')}@example.test`, subject: key, text: `message ${key}` });
    // Enqueuing a key again is a no-op.
    expect(await enqueue(db(), { key: keys[0]!, channel: 'email', to: 'other@example.test', text: 'again' })).toBeNull();

    // Each worker with its own database connection(s) on PostgreSQL, as two servers would be.
    const second: Db = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    const slowSmtp = (): Transport => {
      const inner = smtpTransport(t.config);
      return {
        name: 'smtp',
        send: async (m) => {
          await sleep(5);
          return inner.send(m);
        },
        close: inner.close,
      };
    };
    const a = new Outbox(db(), { email: slowSmtp(), sms: slowSmtp() }, options);
    const b = new Outbox(second, { email: slowSmtp(), sms: slowSmtp() }, options);
    try {
      const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
      expect(ra.sent + rb.sent).toBe(keys.length);
      if (onPostgres) expect(Math.min(ra.sent, rb.sent)).toBeGreaterThan(0);
    } finally {
      a.close();
      b.close();
      if (second !== db()) await second.destroy();
    }
    const received = smtp.inbox.filter((m) => m.to.some((to) => to.startsWith(`${run}-`)));
    expect(received).toHaveLength(keys.length);
    expect(new Set(received.map((m) => m.to[0])).size).toBe(keys.length);
  });

  it('a message held by a worker that died is delivered by another once its lease runs out', async () => {
    const key = `crash${Date.now()}`;
    await enqueue(db(), { key, channel: 'email', to: `${key}@example.test`, subject: 'crash', text: 'after a crash' });
    // The first worker takes the message and never finishes (as a process killed mid-send).
    const hung: Transport = { name: 'hung', send: () => new Promise(() => {}) };
    void new Outbox(db(), { email: hung, sms: hung }, { ...options, leaseMs: 1_000 }).drain();
    await sleep(200);
    const other = new Outbox(db(), { email: smtpTransport(t.config), sms: hung }, options);
    try {
      expect((await other.drain()).sent).toBe(0);
      await sleep(1_000);
      expect((await other.drain()).sent).toBe(1);
    } finally {
      other.close();
    }
    expect(smtp.to(`${key}@example.test`)).toHaveLength(1);
  });

  it('ends undeliverable mail as a dead letter listed by `npm run admin -- outbox:list`, and outbox:retry queues it again', async () => {
    const refusing = await startSmtp({ refuse: 550 });
    const down = 'smtp://127.0.0.1:1';
    const key550 = `refused${Date.now()}`;
    const keyDown = `down${Date.now()}`;
    const id550 = await enqueue(db(), { key: key550, channel: 'email', to: `${key550}@example.test`, subject: 'x', text: 'refused' });
    const idDown = await enqueue(db(), { key: keyDown, channel: 'email', to: `${keyDown}@example.test`, subject: 'x', text: 'never reached' });
    const refusingOutbox = new Outbox(db(), { email: smtpTransport({ ...t.config, SMTP_URL: refusing.url }), sms: smtpTransport(t.config) }, options);
    const downOutbox = new Outbox(db(), { email: smtpTransport({ ...t.config, SMTP_URL: down }), sms: smtpTransport(t.config) }, options);
    try {
      // A 5xx is permanent: dead at the first attempt.
      expect(await refusingOutbox.deliver([id550])).toEqual(new Map([[id550, 'dead']]));
      // Unreachable: retried with backoff, dead after OUTBOX_MAX_ATTEMPTS (3).
      expect(await downOutbox.deliver([idDown])).toEqual(new Map([[idDown, 'retry']]));
      for (let i = 0; i < 50; i++) {
        await downOutbox.drain();
        const row = await db().selectFrom('outbox_messages').select(['status', 'attempts']).where('id', '=', idDown!).executeTakeFirstOrThrow();
        if (row.status === 'dead') break;
        await sleep(60);
      }
    } finally {
      refusingOutbox.close();
      downOutbox.close();
      await refusing.close();
    }
    const lines: string[] = [];
    expect(await runAdmin(['outbox:list'], { db: db(), config: t.config, out: (l) => lines.push(l) })).toBe(0);
    const line550 = lines.find((l) => l.includes(key550));
    const lineDown = lines.find((l) => l.includes(keyDown));
    expect(line550).toMatch(new RegExp(`^#${id550}\\temail\\t${key550}@example\\.test\\t${key550}\\tattempts 1\\t.*SMTP refused the message \\(550\\)$`));
    expect(lineDown).toMatch(/\tattempts 3\t/);
    expect(lines.at(-1)).toMatch(/^\d+ dead letter\(s\)$/);

    expect(await runAdmin(['outbox:retry', String(id550)], { db: db(), config: t.config, out: (l) => lines.push(l) })).toBe(0);
    await drainUntil(() => smtp.to(`${key550}@example.test`).length === 1);
    expect(await runAdmin(['outbox:retry', String(id550)], { db: db(), config: t.config, out: (l) => lines.push(l) })).toBe(1);
    expect(await runAdmin(['outbox:list', 'nonsense'], { db: db(), config: t.config, out: () => {} })).toBe(2);
  });
});
