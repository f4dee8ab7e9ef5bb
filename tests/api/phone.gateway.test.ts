import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpSmsGateway, SmsGatewayError } from '../../server/modules/outbox/sms-gateway';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { loadConfig } from '../../server/config';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** A real HTTP peer standing in for the SMS provider: it records every request and answers as told. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
function startPeer() {
  const received: Received[] = [];
  const behaviour = { status: 200, delayMs: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `msg-${received.length}` }));
      }, behaviour.delayMs);
    });
  });
  return new Promise<{ url: string; received: Received[]; behaviour: typeof behaviour; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1/sms`,
        received,
        behaviour,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const number = () => `+8180${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe(`SMS HTTP gateway adapter against a local HTTP peer (${db})`, () => {
  let peer: Awaited<ReturnType<typeof startPeer>>;
  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(() => peer.close());
  beforeEach(() => {
    peer.received.length = 0;
    peer.behaviour.status = 200;
    peer.behaviour.delayMs = 0;
  });

  it('POSTs JSON { to, text } with the bearer token', async () => {
    await httpSmsGateway({ url: peer.url, token: 'tok-123' }).send({ to: '+819011112222', text: 'hello' });
    expect(peer.received).toHaveLength(1);
    const [req] = peer.received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/sms');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe('Bearer tok-123');
    expect(JSON.parse(req.body)).toEqual({ to: '+819011112222', text: 'hello' });
  });

  it('throws SmsGatewayError with the status for a refusal, without the token in the message', async () => {
    peer.behaviour.status = 503;
    const error = await httpSmsGateway({ url: peer.url, token: 'tok-secret' })
      .send({ to: '+819011112222', text: 'hello' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect((error as SmsGatewayError).status).toBe(503);
    expect((error as Error).message).not.toContain('tok-secret');
  });

  it('throws SmsGatewayError when the peer is too slow or unreachable', async () => {
    peer.behaviour.delayMs = 500;
    await expect(httpSmsGateway({ url: peer.url, timeoutMs: 100 }).send({ to: '+819011112222', text: 'x' })).rejects.toThrow(/timed out/);
    await expect(httpSmsGateway({ url: 'http://127.0.0.1:1/sms' }).send({ to: '+819011112222', text: 'x' })).rejects.toThrow(/unreachable/);
  });

  describe('configured from the environment (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Retries soon, and no background polling: the test drives the outbox worker itself.
      t = await createTestApp({ SMS_GATEWAY_URL: peer.url, SMS_GATEWAY_TOKEN: 'env-token', OUTBOX_RETRY_BASE_MS: '50', OUTBOX_POLL_MS: '3600000' });
    });
    afterAll(() => t.close());

    it('sends the code through the gateway (not the outbox) and the delivered code verifies', async () => {
      const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
      const phoneNumber = number();
      const res = await t.api({ method: 'POST', url: '/RequestOtpSms', headers: p.headers, payload: { phoneNumber, messageText: 'mine {code}' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0].headers.authorization).toBe('Bearer env-token');
      const sent = JSON.parse(peer.received[0].body) as { to: string; text: string };
      expect(sent.to).toBe(phoneNumber);
      expect(sent.text).not.toContain('mine');
      const outbox = await t.api({ method: 'GET', url: `/dev/outbox?channel=sms&to=${encodeURIComponent(phoneNumber)}` });
      expect(outbox.json().messages).toHaveLength(0);
      const token = sent.text.match(/\b\d{6}\b/)![0];
      const verified = await t.api({ method: 'POST', url: '/VerifyOTP', headers: p.headers, payload: { phoneNumber, token } });
      expect(verified.statusCode).toBe(200);
    });

    it('keeps the code when the gateway is down and delivers it once it is back (the outbox retries), with the same Idempotency-Key', async () => {
      const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
      const phoneNumber = number();
      peer.behaviour.status = 503;
      const queued = await t.api({ method: 'POST', url: '/RequestOtpSms', headers: p.headers, payload: { phoneNumber } });
      expect(queued.statusCode, queued.body).toBe(200);
      expect(peer.received).toHaveLength(1);
      const row = await t.testDb.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phoneNumber).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS gateway answered 503' });

      peer.behaviour.status = 200;
      await new Promise((r) => setTimeout(r, 150));
      expect(await t.app.outbox.drain()).toMatchObject({ sent: 1 });
      expect(await t.app.outbox.drain()).toMatchObject({ sent: 0 });
      expect(peer.received).toHaveLength(2);
      expect(peer.received[1].headers['idempotency-key']).toBe(peer.received[0].headers['idempotency-key']);
      expect(peer.received[1].headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
      const token = (JSON.parse(peer.received[1].body) as { text: string }).text.match(/\b\d{6}\b/)![0];
      expect((await t.api({ method: 'POST', url: '/VerifyOTP', headers: p.headers, payload: { phoneNumber, token } })).statusCode).toBe(200);
      // Once delivered, the code's text is not kept.
      expect(await t.testDb.db.selectFrom('outbox_messages').select(['status', 'body']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({
        status: 'sent',
        body: '',
      });
    });

    it('ends a message the gateway refuses with a 4xx as a dead letter at once', async () => {
      const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
      const phoneNumber = number();
      peer.behaviour.status = 422;
      expect((await t.api({ method: 'POST', url: '/RequestOtpSms', headers: p.headers, payload: { phoneNumber } })).statusCode).toBe(200);
      const row = await t.testDb.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phoneNumber).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'dead', attempts: 1, last_error: 'SMS gateway answered 422' });
    });
  });

  it('in production without SMS_GATEWAY_URL, the server does not start (no dev outbox there)', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SMS_GATEWAY_URL: required with NODE_ENV=production/);
  });
});
