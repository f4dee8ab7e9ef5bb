import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../../server/metrics';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { startSmtp } from '../support/smtp';
import { highLimits, signUp } from './auth-helpers';

/**
 * The message counters of GET /metrics move by exactly what the outbox did (docs/decisions/0014):
 * one email delivered is +1 sent and +0 failed, one that fails is +1 failed and +0 sent. The
 * worker does not poll here (OUTBOX_POLL_MS is an hour): each email is the one attempt made right
 * after its request. Seen failing with either counter never moving (docs/decisions/0027).
 */
describe(`metrics: message counters move by exactly what was sent (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let metrics: Awaited<ReturnType<typeof serveMetrics>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ ...highLimits, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '3600000', OUTBOX_RETRY_BASE_MS: '3600000' });
    metrics = await serveMetrics(0, '127.0.0.1');
  });
  afterAll(async () => {
    await metrics.close();
    await t.close();
    await smtp.close();
  });

  /** `casino_messages_{sent,failed}_total{channel}` as GET /metrics shows them now. */
  const counters = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
    const read = (name: string, channel: string) => Number(new RegExp(`^${name}\\{channel="${channel}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    return {
      sentEmail: read('casino_messages_sent_total', 'email'),
      failedEmail: read('casino_messages_failed_total', 'email'),
      sentSms: read('casino_messages_sent_total', 'sms'),
      failedSms: read('casino_messages_failed_total', 'sms'),
    };
  };
  const forgot = (email: string) => t.api({ method: 'POST', url: '/forgot-password', payload: { email, languageCode: 'en', siteRef: 'WEB' } });
  const settled = async (email: string, done: (row: { status: string; attempts: number }) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const row = await t.testDb.db.selectFrom('outbox_messages').select(['status', 'attempts']).where('recipient', '=', email).executeTakeFirst();
      if (row && done(row)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the message to ${email} never settled`);
  };

  it('one email delivered: sent +1, failed +0', async () => {
    const player = await signUp(t);
    const before = await counters();
    expect((await forgot(player.email)).statusCode).toBe(200);
    await settled(player.email, (r) => r.status === 'sent');
    expect(smtp.to(player.email)).toHaveLength(1);
    const after = await counters();
    expect(after.sentEmail - before.sentEmail).toBe(1);
    expect(after.failedEmail - before.failedEmail).toBe(0);
    expect(after.sentSms - before.sentSms).toBe(0);
  });

  it('one email the SMTP server cannot take: failed +1, sent +0', async () => {
    const player = await signUp(t);
    const { port } = smtp;
    await smtp.close();
    try {
      const before = await counters();
      expect((await forgot(player.email)).statusCode).toBe(200);
      await settled(player.email, (r) => r.attempts === 1 && r.status === 'pending');
      // The failed attempt is recorded before it is counted: wait for the counter, then check it did not move further.
      for (let i = 0; i < 40 && (await counters()).failedEmail === before.failedEmail; i++) await new Promise((r) => setTimeout(r, 50));
      const after = await counters();
      expect(after.failedEmail - before.failedEmail).toBe(1);
      expect(after.sentEmail - before.sentEmail).toBe(0);
    } finally {
      smtp = await startSmtp({ port });
    }
  });
});
