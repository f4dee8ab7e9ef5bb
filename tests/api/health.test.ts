import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/** Liveness, readiness and the drain on SIGTERM (docs/decisions/0014-operable-process.md). */
describe(`health probes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('live answers without a channel; ready answers when the database is reachable and migrated', async () => {
    const live = await t.api({ method: 'GET', url: '/health/live', headers: { channel: '' } });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.api({ method: 'GET', url: '/health/ready', headers: { channel: '' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    // The old probe still answers (scripts use it).
    expect((await t.api({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('probes log at debug, not info: no request line for them at LOG_LEVEL=info', async () => {
    lines.length = 0;
    await t.api({ method: 'GET', url: '/health/ready' });
    await t.api({ method: 'GET', url: '/health/live' });
    await t.api({ method: 'GET', url: '/channel?channelCode=WEB' });
    const logged = lines.map((l) => JSON.parse(l) as { req?: { url?: string } }).map((l) => l.req?.url);
    expect(logged).toContain('/api/channel?channelCode=WEB');
    expect(logged.filter((u) => u?.startsWith('/api/health'))).toEqual([]);
  });

  it('while draining: ready answers 503 SERVICE_UNAVAILABLE, live and every other route are still served', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.api({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe('SERVICE_UNAVAILABLE');
      expect(ready.headers.connection).toBe('close');
      expect((await t.api({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      expect((await t.api({ method: 'GET', url: '/channel?channelCode=WEB' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.api({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});

describe('SIGTERM drains, then closes (a real server process, embedded database in memory)', () => {
  const PORT = 4704;
  const base = `http://127.0.0.1:${PORT}/api`;

  it('ready 503 at once, requests served for SHUTDOWN_DRAIN_MS, then the process ends', async () => {
    // node with tsx's loader, not the tsx command: that command relays a signal to its child and
    // SIGKILLs it when the child does not confirm within 30 ms, which a loaded machine can miss.
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: 'memory://',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SITE_DIR: './no-site',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        METRICS_PORT: '0',
        SHUTDOWN_DRAIN_MS: '3000',
        DEV_TOOLS: 'true',
      },
    });
    let log = '';
    server.stderr.on('data', (d) => (log += d));
    server.stdout.on('data', (d) => (log += d));
    const exited = new Promise<number>((resolve) => server.once('exit', () => resolve(Date.now())));
    try {
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}/health/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) break;
        if (i > 600 || server.exitCode !== null) throw new Error(`server did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // Stated at start whenever it is on (here as `npm run dev` turns it on).
      expect(log).toContain('DEV_TOOLS is on');
      const termAt = Date.now();
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      const ready = await fetch(`${base}/health/ready`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).code).toBe('SERVICE_UNAVAILABLE');
      // Still serving during the drain.
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      expect((await fetch(`${base}/channel?channelCode=WEB`, { headers: { channel: 'WEB' } })).status).toBe(200);
      const endedAt = await exited;
      expect(endedAt - termAt).toBeGreaterThanOrEqual(3000);
      expect(server.exitCode).toBe(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 180_000);
});
