import { randomUUID } from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema } from '../../contracts/games';
import { serveMetrics } from '../../server/metrics';
import { seedGames } from '../../server/modules/games/service';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { signUp } from './auth-helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The sample lines of the text format: `name{label="value",...} number`. */
function samplesOf(text: string) {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/**
 * GET /metrics on its own listener (docs/decisions/0014-operable-process.md), parsed by a Prometheus text parser: every named
 * series is there, and the ones real requests touch move.
 */
describe(`metrics (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let metrics: Awaited<ReturnType<typeof serveMetrics>>;

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // The families (names, types) as the parser reads them; the samples line by line below (the
    // parser folds a labelled histogram's series into one and drops their labels).
    return { families: new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f])), samples: samplesOf(text) };
  };
  type Scrape = Awaited<ReturnType<typeof scrape>>;
  /**
   * The sum of the samples of `name` whose labels include `labels` (for a histogram, of its
   * `_count` series: how many observations).
   */
  const value = (scraped: Scrape, name: string, labels: Record<string, string> = {}) => {
    const series = scraped.families.get(name)?.type === 'HISTOGRAM' ? `${name}_count` : name;
    return scraped.samples.filter((s) => s.name === series && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
  };

  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_RATE_LIMIT: '1000', CAPTCHA_RATE_LIMIT: '1000' });
    await seedGames(t.testDb.db);
    metrics = await serveMetrics(4706, '127.0.0.1');
  });
  afterAll(async () => {
    await metrics.close();
    await t.close();
  });

  it('serves only GET /metrics, on its own listener', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    // The API does not serve it.
    expect((await t.app.inject({ url: '/metrics' })).statusCode).not.toBe(200);
  });

  it('has every named series, and they move after real requests', async () => {
    const before = await scrape();
    for (const name of [
      'casino_http_request_duration_seconds',
      'casino_http_requests_in_flight',
      'casino_http_requests_refused_total',
      'casino_db_pool_connections_total',
      'casino_db_pool_connections_idle',
      'casino_db_pool_waiting',
      'casino_db_query_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'casino_group_commit_batch_size',
      'casino_cache_lookups_total',
      'casino_cache_hit_ratio',
      'casino_job_last_success_timestamp_seconds',
      'casino_job_failures_total',
      'casino_signups_total',
      'casino_rounds_total',
      'casino_coins_wagered_total',
      'casino_coins_won_total',
      'casino_bonuses_claimed_total',
      'casino_messages_sent_total',
      'casino_messages_failed_total',
      'casino_rate_limit_store_fallbacks_total',
    ]) {
      expect(before.families.has(name), name).toBe(true);
    }
    expect(before.families.get('casino_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(before.families.get('casino_signups_total')!.type).toBe('COUNTER');
    expect(before.families.get('casino_db_pool_waiting')!.type).toBe('GAUGE');

    // Real work: a sign-up, a signed-in player's balance reads (session and balance caches), a daily
    // bonus, coin rounds (group commit), a request no route has, and the raffle job (runs on listen).
    await signUp(t);
    const player = await createTestPlayer(t.testDb.db);
    for (let i = 0; i < 3; i++) expect((await t.api({ method: 'GET', url: '/balance', headers: player.headers })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/claimDailyBonus', headers: player.headers })).statusCode).toBe(200);
    const launch = await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-neon-sevens&language=en', headers: player.headers });
    const token = new URL(launch.json().url, 'http://x').searchParams.get('token')!;
    const { session } = HouseSessionResponseSchema.parse((await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json());
    let won = 0;
    for (let i = 0; i < 3; i++) {
      const res = await t.api({ method: 'POST', url: '/house/play', payload: { session, input: { kind: 'slot', bet: 10 }, requestId: randomUUID() } });
      expect(res.statusCode).toBe(200);
      won += res.json().win;
    }
    expect((await t.api({ method: 'GET', url: '/no-such-route' })).statusCode).toBe(404);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 100 && value(await scrape(), 'casino_job_last_success_timestamp_seconds', { job: 'raffle_draws' }) === 0; i++)
      await new Promise((r) => setTimeout(r, 100));

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(moved('casino_http_request_duration_seconds', { route: '/api/balance', method: 'GET', status: '200' })).toBe(3);
    expect(moved('casino_http_request_duration_seconds', { route: '/api/house/play', method: 'POST', status: '200' })).toBe(3);
    expect(moved('casino_http_request_duration_seconds', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'casino_http_requests_in_flight')).toBe(0);
    expect(moved('casino_db_query_duration_seconds')).toBeGreaterThan(10);
    expect(value(after, 'casino_db_pool_connections_total')).toBeGreaterThanOrEqual(1);
    expect(moved('casino_signups_total')).toBe(1);
    expect(moved('casino_bonuses_claimed_total', { kind: 'daily' })).toBe(1);
    expect(moved('casino_rounds_total', { game: 'slot-neon-sevens' })).toBe(3);
    expect(moved('casino_coins_wagered_total', { game: 'slot-neon-sevens' })).toBe(30);
    expect(moved('casino_coins_won_total', { game: 'slot-neon-sevens' })).toBe(won);
    expect(moved('casino_group_commit_batch_size', { queue: 'house_rounds' })).toBe(3);
    expect(moved('casino_cache_lookups_total', { cache: 'sessions' })).toBeGreaterThanOrEqual(3);
    expect(moved('casino_cache_lookups_total', { cache: 'balances' })).toBeGreaterThanOrEqual(1);
    const ratio = value(after, 'casino_cache_hit_ratio', { cache: 'sessions' });
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(1);
    expect(value(after, 'casino_job_last_success_timestamp_seconds', { job: 'raffle_draws' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(value(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
