import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedGames } from '../../server/modules/games/service';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDb } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { bearer, highLimits, sessionToken, signIn, signupBody } from './auth-helpers';

/** Issue #11, security part: one describe per rule, each on the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SITE = 'http://localhost:4321';

const count = async (t: TestApp, table: 'accounts' | 'page_views' | 'play_sessions' | 'house_rounds' | 'wallet_journal') =>
  Number((await t.testDb.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const balanceOf = async (t: TestApp, accountId: string) =>
  Number((await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst())?.balance ?? 0);
const fund = (t: TestApp, accountId: string, amount: number) =>
  postMovement(t.testDb.db, { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `sec-fund-${randomBytes(6).toString('hex')}`, reason: 'test' });

describe(`security: channel lookup by own property only (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...highLimits,
      CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: true }, MAINT: { maintenence: true, captcha: false } }),
    });
    await seedGames(t.testDb.db);
  });
  afterAll(() => t.close());

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'refuses CHANNEL: %s with 400 CHANNEL_REQUIRED: no sign-up without the captcha, no demo launch',
    async (channel) => {
      const signup = await t.api({ method: 'POST', url: '/signup', headers: { channel }, payload: signupBody() });
      expect(signup.statusCode).toBe(400);
      expect(signup.json().code).toBe('CHANNEL_REQUIRED');
      const demo = await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', headers: { channel } });
      expect(demo.statusCode).toBe(400);
      expect(demo.json().code).toBe('CHANNEL_REQUIRED');
      expect(await count(t, 'accounts')).toBe(0);
      expect(await count(t, 'play_sessions')).toBe(0);
    },
  );

  it('answers GET /channel for an inherited name with 404 NOT_FOUND, and a configured channel with its public flags only', async () => {
    for (const code of ['constructor', '__proto__', 'toString']) {
      const res = await t.api({ method: 'GET', url: `/channel?channelCode=${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const maint = await t.api({ method: 'GET', url: '/channel?channelCode=MAINT' });
    expect(maint.json()).toEqual({ maintenence: true, captcha: false });
  });

  it('still refuses a game launch during maintenance on a configured channel', async () => {
    const res = await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', headers: { channel: 'MAINT' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('MAINTENANCE');
  });
});

describe(`security: text the database cannot store is refused everywhere (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
  });
  afterAll(() => t.close());

  const refused = (res: { statusCode: number; json: () => { code: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
  };

  it.each([
    ['launchgame', '/launchgame?gameCode=slot%00x'],
    ['launchgame (lobbyUrl)', '/launchgame?gameCode=slot-sakura-fortune&lobbyUrl=/a%00b'],
    ['launch-demo', '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS&lobbyUrl=%00'],
    ['dev outbox', '/dev/outbox?to=a%00b'],
    ['games', '/games?languageCode=ja&siteRef=W%00'],
  ])('a NUL in the query of %s answers 400 REQUEST_VALIDATION_ERROR', async (_name, url) => {
    const res = await t.api({ method: 'GET', url, headers: player.headers });
    refused(res);
    expect(res.json().issues[0].path).toMatch(/^querystring\./);
    expect(await count(t, 'play_sessions')).toBe(0);
  });

  it('a NUL in the sign-up siteRef or a lone surrogate in the display name creates no account', async () => {
    refused(await t.api({ method: 'POST', url: '/signup', payload: signupBody({ siteRef: 'WEB\u0000' }) }));
    // A lone surrogate can only arrive as a JSON escape: JSON.stringify would replace it.
    const raw = JSON.stringify(signupBody({ displayName: 'PLACEHOLDER' })).replace('PLACEHOLDER', 'ab\\ud800c');
    refused(await t.api({ method: 'POST', url: '/signup', payload: raw, headers: { 'content-type': 'application/json' } }));
    expect(await count(t, 'accounts')).toBe(1); // the test player only
  });

  it('a NUL in an analytics page view (value, nested or in a key) stores nothing', async () => {
    refused(await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a\u0000', language: 'ja' } }));
    refused(await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a', language: 'ja', referrer: 'x\u0000' } }));
    refused(await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a', language: 'ja', ['k\u0000']: 1 } }));
    expect(await count(t, 'page_views')).toBe(0);
    const ok = await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a', language: 'ja', referrer: 'ふつうの文字 ✓' } });
    expect(ok.statusCode).toBe(200);
    expect(await count(t, 'page_views')).toBe(1);
  });

  it('a NUL in a house play body (nested array) answers 400, not 500', async () => {
    const res = await t.api({ method: 'POST', url: '/house/play', payload: { session: 'x', input: { kind: 'roulette', bets: [{ type: 'red\u0000', amount: 1 }] }, requestId: randomUUID() } });
    refused(res);
    expect(res.json().issues[0].path).toBe('body.input.bets.0.type');
  });

  it('a body nested thousands of levels deep answers 400, not 500 (the fuzz run found a stack overflow)', async () => {
    const res = await t.api({ method: 'POST', url: '/signup', headers: { 'content-type': 'application/json' }, payload: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
    refused(res);
    expect(res.json().issues[0].message).toBe('too deep');
  });
});

describe(`security: development aids only with DEV_TOOLS=true (${db})`, () => {
  it('are off by default, even with NODE_ENV unset (development): no outbox, no captcha answers, no OpenAPI UI', async () => {
    expect(loadConfig({}).DEV_TOOLS).toBe(false);
    const t = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'false' });
    try {
      expect((await t.api({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await t.api({ method: 'POST', url: '/dev/marketing/send' })).statusCode).toBe(404);
      const challenge = await t.api({ method: 'POST', url: '/captcha/challenge' });
      expect(challenge.statusCode).toBe(200);
      expect((await t.api({ method: 'GET', url: `/dev/captcha/${challenge.json().challengeId}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('are on with DEV_TOOLS=true outside production', async () => {
    const t = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'true' });
    try {
      expect((await t.api({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses to start production with DEV_TOOLS, or without SMTP_URL or SMS_GATEWAY_URL, naming the variable', () => {
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://casino@127.0.0.1:5432/casino', PUBLIC_SITE_URL: 'https://coincasino.example', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' };
    expect(() => loadConfig(prod)).not.toThrow();
    expect(() => loadConfig({ ...prod, DEV_TOOLS: 'true' })).toThrow(/DEV_TOOLS: must not be true with NODE_ENV=production/);
    expect(() => loadConfig({ ...prod, SMTP_URL: undefined })).toThrow(/SMTP_URL: required with NODE_ENV=production/);
    expect(() => loadConfig({ ...prod, SMS_GATEWAY_URL: undefined })).toThrow(/SMS_GATEWAY_URL: required with NODE_ENV=production/);
  });

  it('never lets production mail fall back to the outbox (an app built with such a config does not start)', async () => {
    const testDb = await createTestDb();
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', SITE_DIR: './no-site' }), NODE_ENV: 'production' as const };
      await expect(buildApp({ config, db: testDb.db })).rejects.toThrow(/SMTP_URL is required in production/);
    } finally {
      await testDb.drop();
    }
  });
});

describe(`security: headers and cookies (${db})`, () => {
  let siteDir: string;
  const inline = 'console.log("inline")';
  beforeAll(() => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'cc-sec-site-'));
    mkdirSync(path.join(siteDir, 'en'));
    writeFileSync(path.join(siteDir, 'index.html'), `<html><head><script>${inline}</script><script type="module" src="/_astro/x.js"></script></head></html>`);
    writeFileSync(path.join(siteDir, 'en', 'index.html'), '<html><script>1+1</script></html>');
  });
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

  const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

  it('sends a CSP with the hashes of the built inline scripts and no unsafe-inline script, frame-ancestors self, nosniff and a referrer policy; no HSTS on http', async () => {
    const t = await createTestApp({ SITE_DIR: siteDir });
    try {
      for (const res of [await t.app.inject({ method: 'GET', url: '/' }), await t.api({ method: 'GET', url: '/health' })]) {
        const csp = String(res.headers['content-security-policy']);
        const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
        expect(scriptSrc).toContain("'self'");
        expect(scriptSrc).toContain(sha(inline));
        expect(scriptSrc).toContain(sha('1+1'));
        expect(scriptSrc).not.toContain('unsafe-inline');
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("frame-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('with an https PUBLIC_SITE_URL: HSTS, and Secure __Host- cookies (even over plain http from the proxy) that sign the player in', async () => {
    const t = await createTestApp({ ...highLimits, PUBLIC_SITE_URL: 'https://casino.example', CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
    try {
      const health = await t.api({ method: 'GET', url: '/health' });
      expect(health.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const body = signupBody();
      expect((await t.api({ method: 'POST', url: '/signup', payload: body })).statusCode).toBe(200);
      const res = await signIn(t, body.email as string, body.password as string);
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === '__Host-session')!;
      const info = res.cookies.find((c) => c.name === '__Host-session_info')!;
      for (const cookie of [session, info]) {
        expect(cookie.secure).toBe(true);
        expect(cookie.path).toBe('/');
        expect(cookie.domain).toBeUndefined();
      }
      expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
      const account = await t.api({ method: 'GET', url: '/account', headers: { cookie: `__Host-session=${session.value}` } });
      expect(account.statusCode).toBe(200);
      // The unprefixed name is not read on an https site: a cookie planted over http counts for nothing.
      expect((await t.api({ method: 'GET', url: '/account', headers: { cookie: `session=${session.value}` } })).statusCode).toBe(401);
      const out = await t.api({ method: 'POST', url: '/logout', headers: { cookie: `__Host-session=${session.value}` } });
      expect(out.cookies.find((c) => c.name === '__Host-session')!.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe(`security: Origin check for calls with the session cookie (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
    player = await createTestPlayer(t.testDb.db);
  });
  afterAll(() => t.close());

  const claim = (headers: Record<string, string>) => t.api({ method: 'POST', url: '/claimDailyBonus', headers });
  const cookie = () => ({ cookie: `session=${player.token}` });

  it('refuses a cookie call without Origin or Referer, or from another site, with 403 FORBIDDEN_ORIGIN and moves no coins', async () => {
    const foreign: Array<Record<string, string>> = [{ origin: '' }, { origin: 'https://evil.example' }, { origin: 'null' }, { origin: '', referer: 'https://evil.example/page' }];
    for (const headers of foreign) {
      const res = await claim({ ...cookie(), ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
    }
    expect(await balanceOf(t, player.id)).toBe(0);
  });

  it("accepts the site's origin, its Referer, or the request's own host", async () => {
    const first = await claim({ ...cookie(), origin: SITE });
    expect(first.statusCode, first.body).toBe(200);
    // Refused by the bonus rule, not by the Origin check: the check let it through.
    expect((await claim({ ...cookie(), origin: '', referer: `${SITE}/settings/` })).json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
    expect((await claim({ ...cookie(), origin: 'http://casino.internal:8080', host: 'casino.internal:8080' })).json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
  });

  it('needs no Origin for a Bearer-token call, nor for a call without the cookie (sign-in from an app)', async () => {
    const other = await createTestPlayer(t.testDb.db);
    expect((await claim({ ...bearer(other.token), origin: '' })).statusCode).toBe(200);
    const res = await t.api({ method: 'POST', url: '/signin', headers: { origin: '' }, payload: { email: 'nobody@example.test', password: 'x', siteRef: 'WEB' } });
    expect(res.json().code).toBe('INVALID_USER_OR_EMAIL');
  });

  it('lets the house provider calls through with the cookie and Origin: null (their authority is the play token in the body)', async () => {
    const res = await t.api({ method: 'POST', url: '/house/session', headers: { ...cookie(), origin: 'null' }, payload: { token: 'not-a-launch-token' } });
    expect(res.json().code).not.toBe('FORBIDDEN_ORIGIN');
  });

  it('refuses a sign-in posted from another site (login forgery) and lets reads through', async () => {
    const res = await t.api({ method: 'POST', url: '/signin', headers: { origin: 'https://evil.example' }, payload: { email: 'nobody@example.test', password: 'x', siteRef: 'WEB' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
    expect((await t.api({ method: 'GET', url: '/balance', headers: { ...cookie(), origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});

describe(`security: logs carry no secrets (${db})`, () => {
  it('redacts tokens, passwords and reset or launch query strings from the request log', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { ...highLimits, LOG_LEVEL: 'debug', CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const secret = `S3cret${randomBytes(6).toString('hex')}`;
      const body = signupBody({ password: `${secret}pw` });
      expect((await t.api({ method: 'POST', url: '/signup', payload: body })).statusCode).toBe(200);
      const signin = await signIn(t, body.email as string, `${secret}pw`);
      const token = sessionToken(signin);
      await t.api({ method: 'GET', url: '/account', headers: bearer(token) });
      await t.api({ method: 'GET', url: '/account', headers: { cookie: `session=${token}` } });
      await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}rt&email=${encodeURIComponent(body.email as string)}` });
      await t.app.inject({ method: 'GET', url: `/en/house/play/?token=${secret}lt&lang=en` });
      await t.app.inject({ method: 'GET', url: `/password_reset?token=${secret}pr` });
      await t.api({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(body.email as string)}&channel=email` });
      await t.api({ method: 'POST', url: '/reset-password', payload: { email: body.email, token: `${secret}bt`, password: `${secret}np` } });
      const log = lines.join('');
      expect(log).toContain('/reset-password?[redacted]');
      expect(log).toContain('/en/house/play/?[redacted]');
      expect(log).toContain('channel=email');
      for (const leak of [secret, token, body.email as string, encodeURIComponent(body.email as string)]) expect(log).not.toContain(leak);
    } finally {
      await t.close();
    }
  });
});

describe(`security: /reset-password is rate limited like forgot-password (${db})`, () => {
  it('answers 429 TOO_MANY_REQUESTS past RESET_PASSWORD_RATE_LIMIT per IP', async () => {
    const t = await createTestApp({ RESET_PASSWORD_RATE_LIMIT: '3' });
    try {
      const call = () => t.api({ method: 'POST', url: '/reset-password', payload: { email: 'a@example.test', token: 'guess', password: 'Whatever-123' } });
      for (let i = 0; i < 3; i++) expect((await call()).json().code).toBe('INVALID_RESET_TOKEN');
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await t.close();
    }
  });
});

describe(`security: phone verification enforced by the API (${db})`, () => {
  let t: TestApp;
  let unverified: TestPlayer;
  let verified: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({});
    await seedGames(t.testDb.db);
    unverified = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    verified = await createTestPlayer(t.testDb.db);
    await fund(t, unverified.id, 1000);
  });
  afterAll(() => t.close());

  it('refuses real-coin launch and bonus claims of an unverified player with 403 PHONE_NUMBER_NOT_VERIFIED, moving nothing', async () => {
    const calls = [
      t.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune', headers: unverified.headers }),
      t.api({ method: 'POST', url: '/claimDailyBonus', headers: unverified.headers }),
      t.api({ method: 'POST', url: '/claimBonus', headers: unverified.headers, payload: { promoSlug: 'coin-festival' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PHONE_NUMBER_NOT_VERIFIED');
    }
    expect(await balanceOf(t, unverified.id)).toBe(1000);
    expect(await count(t, 'play_sessions')).toBe(0);
  });

  it('keeps demo play open to the unverified player, and lets a verified player launch and claim', async () => {
    expect((await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', headers: unverified.headers })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune', headers: verified.headers })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/claimDailyBonus', headers: verified.headers })).statusCode).toBe(200);
  });

  it('lets the unverified player play for coins when PHONE_VERIFICATION_REQUIRED=false', async () => {
    const off = await createTestApp({ PHONE_VERIFICATION_REQUIRED: 'false' });
    try {
      await seedGames(off.testDb.db);
      const p = await createTestPlayer(off.testDb.db, { phoneVerified: false });
      expect((await off.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune', headers: p.headers })).statusCode).toBe(200);
      expect((await off.api({ method: 'POST', url: '/claimDailyBonus', headers: p.headers })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe(`security: usernames of Latin letters, digits, kana and kanji only (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
  });
  afterAll(() => t.close());

  it.each([['Cyrillic', 'Иван123'], ['Hangul', '김민준abc'], ['circled digits', 'ab①②③'], ['a symbol', 'ab★cd'], ['Greek', 'Αλφα12'], ['a space', 'ab cd']])(
    'refuses %s with validation.usernameChars',
    async (_name, displayName) => {
      const res = await t.api({ method: 'POST', url: '/signup', payload: signupBody({ displayName }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toContain('validation.usernameChars');
    },
  );

  it.each([['half-width katakana', 'ﾔﾏﾀﾞﾀﾛｳ'], ['full-width Latin and digits', 'Ｐｌａｙ１２'], ['accented Latin', 'José12'], ['kanji and kana', '山田たろウ']])(
    'accepts %s',
    async (_name, displayName) => {
      const res = await t.api({ method: 'POST', url: '/signup', payload: signupBody({ displayName }) });
      expect(res.statusCode, res.body).toBe(200);
    },
  );
});

describe(`security: opposing bets in one table round (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({});
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
    await fund(t, player.id, 100_000);
  });
  afterAll(() => t.close());

  async function session(gameCode: string, demo = false) {
    const res = demo
      ? await t.api({ method: 'GET', url: `/launch-demo?gameCode=${gameCode}&currency=PTS` })
      : await t.api({ method: 'GET', url: `/launchgame?gameCode=${gameCode}`, headers: player.headers });
    const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
    return (await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json().session as string;
  }
  const play = (session: string, input: unknown) => t.api({ method: 'POST', url: '/house/play', payload: { session, input, requestId: randomUUID() } });

  it.each([
    ['red and black', ['red', 'black']],
    ['even and odd', ['even', 'odd']],
    ['1-18 and 19-36', ['low', 'high']],
  ])('roulette refuses %s with 400 OPPOSING_BETS and takes no coins', async (_name, types) => {
    const s = await session('roulette-european');
    const before = await balanceOf(t, player.id);
    const rounds = await count(t, 'house_rounds');
    const res = await play(s, { kind: 'roulette', bets: [...types.map((type) => ({ type, amount: 10 })), { type: 'straight', numbers: [7], amount: 10 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OPPOSING_BETS');
    expect(await balanceOf(t, player.id)).toBe(before);
    expect(await count(t, 'house_rounds')).toBe(rounds);
  });

  it('roulette still plays bets that do not oppose each other (red and even, low and odd)', async () => {
    const s = await session('roulette-european');
    const res = await play(s, { kind: 'roulette', bets: [{ type: 'red', amount: 10 }, { type: 'even', amount: 10 }, { type: 'low', amount: 10 }] });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('baccarat refuses player and banker in one round (coins and demo), and plays player and tie', async () => {
    for (const demo of [false, true]) {
      const s = await session('baccarat-classic', demo);
      const res = await play(s, { kind: 'baccarat', bets: [{ type: 'player', amount: 100 }, { type: 'banker', amount: 100 }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OPPOSING_BETS');
    }
    const s = await session('baccarat-classic');
    expect((await play(s, { kind: 'baccarat', bets: [{ type: 'player', amount: 100 }, { type: 'tie', amount: 100 }] })).statusCode).toBe(200);
  });
});

describe(`security: requests Node or Fastify cannot route still answer a code of the catalogue (${db})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => t.close());

  /** Sends raw bytes on a fresh connection; answers status and JSON body. */
  const raw = (request: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) }));
    });

  it('headers over the size limit: 431 REQUEST_VALIDATION_ERROR', async () => {
    expect(await raw(`GET /api/balance HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatchObject({ status: 431, body: { code: 'REQUEST_VALIDATION_ERROR' } });
  });

  it('bytes that are not HTTP: 400 REQUEST_VALIDATION_ERROR', async () => {
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatchObject({ status: 400, body: { code: 'REQUEST_VALIDATION_ERROR' } });
  });

  it('a path with broken percent-encoding, and a path parameter over its length: 400 REQUEST_VALIDATION_ERROR', async () => {
    for (const url of ['/api/%E0%A4%A', `/api/house/rounds/${'a'.repeat(200)}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { channel: 'WEB' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'REQUEST_VALIDATION_ERROR' });
    }
  });
});
