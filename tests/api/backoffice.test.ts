import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../contracts/backoffice-constants';
import { runAdmin } from '../../server/admin';
import { clock } from '../../server/clock';
import { seedGames } from '../../server/modules/games/service';
import { getBalance } from '../../server/modules/wallet/balance';
import { postMovement } from '../../server/modules/wallet';
import { cookiesFrom, createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer } from '../support/players';
import { createTestStaff, enrolStaff, signInStaff, STAFF_PASSWORD, totpCode, type TestStaff } from '../support/staff';

const db = onPostgres ? 'PostgreSQL' : 'PGlite';

describe(`back-office staff, roles, players, adjustments and audit (${db})`, () => {
  let t: TestApp;
  const staff = {} as Record<StaffRole | 'finance2', TestStaff>;
  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: t.testDb.db, config: t.config, out: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };

  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
    await seedGames(t.testDb.db);
    for (const role of STAFF_ROLES) staff[role] = await createTestStaff(t, `${role}@staff.test`, role);
    staff.finance2 = await createTestStaff(t, 'finance2@staff.test', 'finance');
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await t.close();
  });

  describe('set-up and sign-in', () => {
    it('staff:create prints a one-time set-up link; set-up refuses short and common passwords, enrols TOTP and answers ten recovery codes', async () => {
      const made = await admin('staff:create', 'new.agent@staff.test', 'support');
      expect(made.code).toBe(0);
      const link = /\/backoffice\/setup\?token=([A-Za-z0-9_%-]+)/.exec(made.output);
      expect(link).not.toBeNull();
      const token = decodeURIComponent(link![1]);
      const short = await t.api({ method: 'POST', url: '/backoffice/setup', payload: { token, password: 'short-pass' } });
      expect(short.statusCode).toBe(400);
      expect(short.json().code).toBe('REQUEST_VALIDATION_ERROR');
      const common = await t.api({ method: 'POST', url: '/backoffice/setup', payload: { token, password: '$3cr3t123123' } });
      expect(common.json().code).toBe('COMMON_PASSWORD');
      const setup = await t.api({ method: 'POST', url: '/backoffice/setup', payload: { token, password: STAFF_PASSWORD } });
      expect(setup.statusCode).toBe(200);
      const { totpSecret, otpauthUrl } = setup.json();
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(otpauthUrl).toContain('algorithm=SHA1');
      expect(otpauthUrl).toContain('digits=6');
      expect(otpauthUrl).toContain('period=30');
      const wrong = await t.api({
        method: 'POST',
        url: '/backoffice/setup/confirm',
        payload: { token, code: totpCode(totpSecret) === '000000' ? '111111' : '000000' },
      });
      expect(wrong.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
      const confirm = await t.api({ method: 'POST', url: '/backoffice/setup/confirm', payload: { token, code: totpCode(totpSecret) } });
      expect(confirm.statusCode).toBe(200);
      const codes: string[] = confirm.json().recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      // The link is used up.
      const again = await t.api({ method: 'POST', url: '/backoffice/setup', payload: { token, password: STAFF_PASSWORD } });
      expect(again.json().code).toBe('INVALID_SETUP_TOKEN');
      // The same TOTP code that confirmed the enrolment cannot sign in (replay).
      const replay = await signInStaff(t, { email: 'new.agent@staff.test', secret: totpSecret });
      expect(replay.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
      // A recovery code signs in once.
      const rec = await signInStaff(t, { email: 'new.agent@staff.test', secret: totpSecret }, codes[0]);
      expect(rec.statusCode).toBe(200);
      const rec2 = await signInStaff(t, { email: 'new.agent@staff.test', secret: totpSecret }, codes[0]);
      expect(rec2.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    });

    it('a set-up link expires after 24 hours', async () => {
      const made = await admin('staff:create', 'late@staff.test', 'content');
      const token = decodeURIComponent(/token=([^\s]+)/.exec(made.output)![1]);
      clock.shift(24 * 60 * 60 * 1000 + 1000);
      const res = await t.api({ method: 'POST', url: '/backoffice/setup', payload: { token, password: STAFF_PASSWORD } });
      expect(res.json().code).toBe('INVALID_SETUP_TOKEN');
    });

    it('a TOTP code is refused when replayed, and the staff cookie is HttpOnly, SameSite=Strict, on the back-office path only', async () => {
      const s = await enrolStaff(t, 'replay@staff.test', 'support');
      const code = totpCode(s.secret);
      const first = await signInStaff(t, s, code);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ email: 'replay@staff.test', role: 'support' });
      const cookie = first.cookies.find((c) => c.name === 'staff_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/api/backoffice');
      expect(first.cookies.some((c) => c.name === 'session')).toBe(false);
      const second = await signInStaff(t, s, code);
      expect(second.statusCode).toBe(400);
      expect(second.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
      const me = await t.api({ method: 'GET', url: '/backoffice/me', headers: { cookie: cookiesFrom(first) } });
      expect(me.json()).toEqual({ email: 'replay@staff.test', role: 'support', language: 'ja' });
    });

    it('locks a staff member out after repeated failures', async () => {
      const s = await enrolStaff(t, 'lockout@staff.test', 'support');
      for (let i = 0; i < t.config.LOCKOUT_THRESHOLD - 1; i++) {
        const res = await t.api({ method: 'POST', url: '/backoffice/signin', payload: { email: s.email, password: 'wrong password!!', code: '123456' } });
        expect(res.json().code).toBe('INVALID_USER_OR_EMAIL');
      }
      const last = await t.api({ method: 'POST', url: '/backoffice/signin', payload: { email: s.email, password: 'wrong password!!', code: '123456' } });
      expect(last.json().code).toBe('USER_LOCKED_OUT');
      const right = await signInStaff(t, s);
      expect(right.json().code).toBe('USER_LOCKED_OUT');
    });

    it('a session ends after 30 idle minutes, after 8 hours, at sign-out, on a role change and on deactivation', async () => {
      const s = await enrolStaff(t, 'ends@staff.test', 'support');
      const signIn = async () => {
        clock.reset();
        const res = await signInStaff(t, s, totpCode(s.secret, clock.ms() + signIn.n++ * 30_000));
        expect(res.statusCode).toBe(200);
        return { cookie: cookiesFrom(res) };
      };
      signIn.n = 1;
      const me = (h: { cookie: string }) => t.api({ method: 'GET', url: '/backoffice/me', headers: h });
      // Idle: 29 minutes apart is fine, 31 is not.
      clock.shift((signIn.n + 1) * 30_000);
      let h = await signIn();
      clock.shift(29 * 60_000);
      expect((await me(h)).statusCode).toBe(200);
      clock.shift(29 * 60_000 + 31 * 60_000);
      expect((await me(h)).statusCode).toBe(401);
      // Absolute: active every 20 minutes, still over after 8 hours.
      clock.reset();
      // (codes move forward: sign-ins below use later steps)
      clock.shift(10 * 60_000);
      const res = await signInStaff(t, s, totpCode(s.secret));
      h = { cookie: cookiesFrom(res) };
      for (let m = 20; m < 8 * 60; m += 20) {
        clock.shift(10 * 60_000 + m * 60_000);
        expect((await me(h)).statusCode).toBe(200);
      }
      clock.shift(10 * 60_000 + 8 * 60 * 60_000 + 1000);
      expect((await me(h)).statusCode).toBe(401);
      // Sign-out.
      clock.shift(11 * 60_000);
      h = { cookie: cookiesFrom(await signInStaff(t, s, totpCode(s.secret))) };
      expect((await t.api({ method: 'POST', url: '/backoffice/signout', headers: h })).statusCode).toBe(200);
      expect((await me(h)).statusCode).toBe(401);
      // Role change, then deactivation, by an admin.
      clock.shift(12 * 60_000);
      h = { cookie: cookiesFrom(await signInStaff(t, s, totpCode(s.secret))) };
      const row = await t.testDb.db.selectFrom('staff').select('id').where('email', '=', s.email).executeTakeFirstOrThrow();
      const changed = await t.api({
        method: 'POST',
        url: `/backoffice/staff/${row.id}/role`,
        headers: staff.admin.headers,
        payload: { role: 'finance', reason: 'moved team' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(h)).statusCode).toBe(401);
      clock.shift(13 * 60_000);
      h = { cookie: cookiesFrom(await signInStaff(t, s, totpCode(s.secret))) };
      expect((await me(h)).json().role).toBe('finance');
      await t.api({ method: 'POST', url: `/backoffice/staff/${row.id}/deactivate`, headers: staff.admin.headers, payload: { reason: 'left' } });
      expect((await me(h)).statusCode).toBe(401);
      clock.shift(14 * 60_000);
      expect((await signInStaff(t, s, totpCode(s.secret))).json().code).toBe('INVALID_USER_OR_EMAIL');
    });

    it('a state-changing call with the staff cookie needs the site Origin', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const res = await t.api({
        method: 'POST',
        url: `/backoffice/players/${player.accountRef}/sessions/revoke`,
        headers: { ...staff.support.headers, origin: '' },
      });
      expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
      const other = await t.api({
        method: 'POST',
        url: `/backoffice/players/${player.accountRef}/sessions/revoke`,
        headers: { ...staff.support.headers, origin: 'https://evil.example' },
      });
      expect(other.json().code).toBe('FORBIDDEN_ORIGIN');
    });
  });

  describe('roles: every back-office action, allowed or 403; players and visitors 401', () => {
    type Call = { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };
    let n = 0;
    const raffleDef = () => ({
      ref: `role-raffle-${++n}-${randomUUID().slice(0, 6)}`,
      startDateUtc: new Date(Date.now() - 3600_000).toISOString(),
      endDateUtc: new Date(Date.now() + 7 * 86400_000).toISOString(),
      raffleDrawDate: new Date(Date.now() + 7 * 86400_000).toISOString(),
      wagerPerEntry: 100,
      prizes: [{ amount: 1000 }],
      translations: [{ languageCode: 'default', title: 'Role raffle' }],
    });
    const promotionDef = () => ({
      slug: `role-promo-${++n}-${randomUUID().slice(0, 6)}`,
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
      bonus: 100,
      ja: { title: '役割テスト', summary: '概要', body: '本文' },
      en: { title: 'Role test', summary: 'Summary', body: 'Body' },
    });
    const raceDef = () => ({
      ref: `role-race-${++n}-${randomUUID().slice(0, 6)}`,
      metric: 'WAGERED',
      startDateUtc: new Date(Date.now() - 3600_000).toISOString(),
      endDateUtc: new Date(Date.now() + 7 * 86400_000).toISOString(),
      prizes: [{ rank: 1, amount: 1000 }],
      games: [{ gameCode: 'roulette-european' }],
      translations: [{ languageCode: 'default', languageDisplayName: 'Default', title: 'Role race', description: '', termsAndConditions: '' }],
    });
    const actions: Array<{ name: string; allowed: StaffRole[]; call: (ref: string) => Call }> = [
      { name: 'me', allowed: ['support', 'finance', 'content', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/me' }) },
      { name: 'search players', allowed: ['support', 'finance', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/players?query=example' }) },
      { name: 'player 360', allowed: ['support', 'finance', 'admin'], call: (ref) => ({ method: 'GET', url: `/backoffice/players/${ref}` }) },
      {
        name: 'lock',
        allowed: ['support', 'finance', 'admin'],
        call: (ref) => ({ method: 'POST', url: `/backoffice/players/${ref}/lock`, payload: { reason: 'test' } }),
      },
      {
        name: 'unlock',
        allowed: ['support', 'finance', 'admin'],
        call: (ref) => ({ method: 'POST', url: `/backoffice/players/${ref}/unlock`, payload: { reason: 'test' } }),
      },
      {
        name: 'end sessions',
        allowed: ['support', 'finance', 'admin'],
        call: (ref) => ({ method: 'POST', url: `/backoffice/players/${ref}/sessions/revoke` }),
      },
      {
        name: 'adjust',
        allowed: ['finance', 'admin'],
        call: (ref) => ({ method: 'POST', url: '/backoffice/adjustments', payload: { accountRef: ref, amount: 5, reasonCode: 'GOODWILL', note: 'role test' } }),
      },
      { name: 'adjustment queue', allowed: ['finance', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/adjustments?status=PENDING' }) },
      { name: 'approve', allowed: ['finance', 'admin'], call: () => ({ method: 'POST', url: `/backoffice/adjustments/${randomUUID()}/approve` }) },
      { name: 'reject', allowed: ['finance', 'admin'], call: () => ({ method: 'POST', url: `/backoffice/adjustments/${randomUUID()}/reject` }) },
      { name: 'list raffles', allowed: ['content', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/raffles' }) },
      { name: 'create raffle', allowed: ['content', 'admin'], call: () => ({ method: 'POST', url: '/backoffice/raffles', payload: raffleDef() }) },
      {
        name: 'cancel raffle',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/raffles/no-such-raffle/cancel', payload: { reason: 'test' } }),
      },
      { name: 'draw raffle', allowed: ['content', 'admin'], call: () => ({ method: 'POST', url: '/backoffice/raffles/no-such-raffle/draw' }) },
      { name: 'list promotions', allowed: ['content', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/promotions' }) },
      { name: 'create promotion', allowed: ['content', 'admin'], call: () => ({ method: 'POST', url: '/backoffice/promotions', payload: promotionDef() }) },
      {
        name: 'edit promotion',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/promotions/no-such-promotion', payload: { ...promotionDef(), slug: undefined, reason: 'test' } }),
      },
      {
        name: 'publish promotion',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/promotions/no-such-promotion/publish', payload: { reason: 'test' } }),
      },
      {
        name: 'unpublish promotion',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/promotions/no-such-promotion/unpublish', payload: { reason: 'test' } }),
      },
      { name: 'list races', allowed: ['content', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/races' }) },
      { name: 'create race', allowed: ['content', 'admin'], call: () => ({ method: 'POST', url: '/backoffice/races', payload: raceDef() }) },
      {
        name: 'edit race texts',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/races/no-such-race', payload: { translations: raceDef().translations, reason: 'test' } }),
      },
      {
        name: 'cancel race',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/races/no-such-race/cancel', payload: { reason: 'test' } }),
      },
      { name: 'list games', allowed: ['content', 'admin'], call: () => ({ method: 'GET', url: '/backoffice/games' }) },
      {
        name: 'update game',
        allowed: ['content', 'admin'],
        call: () => ({ method: 'POST', url: '/backoffice/games/roulette-european', payload: { demo: true } }),
      },
      { name: 'dashboard', allowed: ['admin'], call: () => ({ method: 'GET', url: '/backoffice/dashboard' }) },
      { name: 'audit log', allowed: ['admin'], call: () => ({ method: 'GET', url: '/backoffice/audit' }) },
      { name: 'list staff', allowed: ['admin'], call: () => ({ method: 'GET', url: '/backoffice/staff' }) },
      {
        name: 'create staff',
        allowed: ['admin'],
        call: () => ({ method: 'POST', url: '/backoffice/staff', payload: { email: `made-${++n}@staff.test`, role: 'support' } }),
      },
      {
        name: 'change role',
        allowed: ['admin'],
        call: () => ({ method: 'POST', url: `/backoffice/staff/${randomUUID()}/role`, payload: { role: 'support', reason: 'test' } }),
      },
      {
        name: 'deactivate staff',
        allowed: ['admin'],
        call: () => ({ method: 'POST', url: `/backoffice/staff/${randomUUID()}/deactivate`, payload: { reason: 'test' } }),
      },
    ];

    for (const action of actions) {
      it(`${action.name}: ${action.allowed.join(', ')} allowed; other roles 403; players and visitors 401`, async () => {
        const player = await createTestPlayer(t.testDb.db);
        for (const role of STAFF_ROLES) {
          const c = action.call(player.accountRef);
          const res = await t.api({ ...c, headers: staff[role].headers });
          if (action.allowed.includes(role)) {
            expect([401, 403], `${role} ${action.name}: ${res.body}`).not.toContain(res.statusCode);
            expect(res.statusCode, `${role} ${action.name}: ${res.body}`).toBeLessThan(500);
          } else {
            expect(res.statusCode, `${role} ${action.name}`).toBe(403);
            expect(res.json().code).toBe('FORBIDDEN');
          }
        }
        const asPlayer = await t.api({ ...action.call(player.accountRef), headers: player.headers });
        expect(asPlayer.statusCode).toBe(401);
        const asPlayerCookie = await t.api({ ...action.call(player.accountRef), headers: { cookie: `session=${player.token}` } });
        expect(asPlayerCookie.statusCode).toBe(401);
        const asVisitor = await t.api(action.call(player.accountRef));
        expect(asVisitor.statusCode).toBe(401);
        expect(asVisitor.json().code).toBe('UNAUTHORIZED');
      });
    }
  });

  describe('players', () => {
    it('support finds a player by email, name, reference and phone, and sees the player 360', async () => {
      const player = await createTestPlayer(t.testDb.db, { email: 'findme@example.test', displayName: 'findme' });
      const phone = (await t.testDb.db.selectFrom('accounts').select('phone_number').where('id', '=', player.id).executeTakeFirstOrThrow()).phone_number!;
      for (const query of ['FINDME@example.test', 'findme', player.accountRef, phone]) {
        const res = await t.api({ method: 'GET', url: `/backoffice/players?query=${encodeURIComponent(query)}`, headers: staff.support.headers });
        expect(
          res.json().players.map((p: { accountRef: string }) => p.accountRef),
          query,
        ).toContain(player.accountRef);
      }
      await postMovement(t.testDb.db, { accountId: player.id, type: 'DAILY_BONUS', amount: 500, idempotencyKey: `daily:${player.id}` });
      const p360 = await t.api({ method: 'GET', url: `/backoffice/players/${player.accountRef}`, headers: staff.support.headers });
      expect(p360.statusCode).toBe(200);
      const body = p360.json();
      expect(body.profile.email).toBe('findme@example.test');
      expect(body.balance).toBe(500);
      expect(body.phone.verified).toBe(true);
      expect(body.statement[0]).toMatchObject({ transactionType: 'DAILY_BONUS', amount: 500 });
      expect(body.sessions[0].active).toBe(true);
      const missing = await t.api({ method: 'GET', url: '/backoffice/players/acc_nosuchplayer', headers: staff.support.headers });
      expect(missing.statusCode).toBe(404);
    });

    it("a locked player's next call answers 401 and sign-in answers USER_LOCKED_OUT until unlocked; each step is audited", async () => {
      // A player with a password, through sign-up's service.
      const { createAccount } = await import('../../server/modules/auth/service');
      const acc = await createAccount(
        t.testDb.db,
        { email: 'lockme@example.test', displayName: 'lockme', password: 'a fine password 1', languageCode: 'en', siteRef: 'WEB' } as never,
        0,
      );
      const signin = () => t.api({ method: 'POST', url: '/signin', payload: { email: 'lockme@example.test', password: 'a fine password 1', siteRef: 'WEB' } });
      const first = await signin();
      expect(first.statusCode).toBe(200);
      const playerCookie = cookiesFrom(first);
      expect((await t.api({ method: 'GET', url: '/balance', headers: { cookie: playerCookie } })).statusCode).toBe(200);
      const lock = await t.api({
        method: 'POST',
        url: `/backoffice/players/${acc.accountRef}/lock`,
        headers: staff.support.headers,
        payload: { reason: 'chargeback fraud' },
      });
      expect(lock.statusCode).toBe(200);
      expect((await t.api({ method: 'GET', url: '/balance', headers: { cookie: playerCookie } })).statusCode).toBe(401);
      expect((await signin()).json().code).toBe('USER_LOCKED_OUT');
      const unlock = await t.api({
        method: 'POST',
        url: `/backoffice/players/${acc.accountRef}/unlock`,
        headers: staff.support.headers,
        payload: { reason: 'cleared' },
      });
      expect(unlock.statusCode).toBe(200);
      expect((await signin()).statusCode).toBe(200);
      const rows = await t.testDb.db.selectFrom('audit_log').selectAll().where('target', '=', `player:${acc.accountRef}`).orderBy('seq').execute();
      expect(rows.map((r) => r.action)).toEqual(['player.lock', 'player.unlock']);
      expect(rows[0]).toMatchObject({ actor: 'support@staff.test', role: 'support', reason: 'chargeback fraud' });
      expect(rows[0].before).toEqual({ locked: false });
      expect(rows[0].after).toMatchObject({ locked: true, sessionsEnded: 1 });
      expect(rows[0].request_id).toBeTruthy();
      expect(rows[0].ip).toBeTruthy();
    });

    it('ending a player’s sessions signs them out everywhere', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const res = await t.api({ method: 'POST', url: `/backoffice/players/${player.accountRef}/sessions/revoke`, headers: staff.support.headers });
      expect(res.json()).toEqual({ revoked: 1 });
      expect((await t.api({ method: 'GET', url: '/balance', headers: player.headers })).statusCode).toBe(401);
    });
  });

  describe('adjustments', () => {
    it('applies at once up to the threshold, through the journal, with its reason code in the player statement', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const res = await t.api({
        method: 'POST',
        url: '/backoffice/adjustments',
        headers: staff.finance.headers,
        payload: { accountRef: player.accountRef, amount: 5_000, reasonCode: 'GOODWILL', note: 'sorry for the outage' },
      });
      expect(res.json()).toMatchObject({ status: 'APPLIED' });
      expect(await getBalance(t.testDb.db, player.id)).toBe(5_000);
      const statement = await t.api({ method: 'GET', url: '/transactions', headers: player.headers });
      expect(statement.json().records[0]).toMatchObject({ transactionType: 'ADJUSTMENT', amount: 5_000, adjustmentReason: 'GOODWILL' });
      // The player is told once, with the reason code (shown in their language by the bell).
      const notices = await t.api({ method: 'GET', url: '/notifications', headers: player.headers });
      expect(notices.json().notifications.filter((n: { kind: string }) => n.kind === 'ADJUSTMENT')).toMatchObject([
        { data: { amount: 5_000, reasonCode: 'GOODWILL' } },
      ]);
      // A debit below zero is refused and changes nothing.
      const debit = await t.api({
        method: 'POST',
        url: '/backoffice/adjustments',
        headers: staff.finance.headers,
        payload: { accountRef: player.accountRef, amount: -5_001, reasonCode: 'CORRECTION', note: 'too much' },
      });
      expect(debit.json().code, debit.body).toBe('INSUFFICIENT_FUNDS');
      expect(await getBalance(t.testDb.db, player.id)).toBe(5_000);
      const bad = await t.api({
        method: 'POST',
        url: '/backoffice/adjustments',
        headers: staff.finance.headers,
        payload: { accountRef: player.accountRef, amount: 5, reasonCode: 'WHIM', note: 'x' },
      });
      expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
    });

    it('above the threshold waits; the requester cannot approve it, a second finance member can; it applies once', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const res = await t.api({
        method: 'POST',
        url: '/backoffice/adjustments',
        headers: staff.finance.headers,
        payload: { accountRef: player.accountRef, amount: 50_000, reasonCode: 'PRIZE', note: 'stream prize' },
      });
      expect(res.json().status).toBe('PENDING');
      const { id } = res.json();
      expect(await getBalance(t.testDb.db, player.id)).toBe(0);
      const queue = await t.api({ method: 'GET', url: '/backoffice/adjustments?status=PENDING', headers: staff.finance2.headers });
      expect(queue.json().adjustments.map((a: { id: string }) => a.id)).toContain(id);
      const own = await t.api({ method: 'POST', url: `/backoffice/adjustments/${id}/approve`, headers: staff.finance.headers });
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json().code).toBe('OWN_ADJUSTMENT');
      const ok = await t.api({ method: 'POST', url: `/backoffice/adjustments/${id}/approve`, headers: staff.finance2.headers });
      expect(ok.json()).toEqual({ id, status: 'APPLIED' });
      expect(await getBalance(t.testDb.db, player.id)).toBe(50_000);
      const twice = await t.api({ method: 'POST', url: `/backoffice/adjustments/${id}/approve`, headers: staff.admin.headers });
      expect(twice.json().code).toBe('ADJUSTMENT_NOT_PENDING');
      expect(await getBalance(t.testDb.db, player.id)).toBe(50_000);
      const statement = await t.api({ method: 'GET', url: '/transactions', headers: player.headers });
      expect(statement.json().records[0]).toMatchObject({ amount: 50_000, adjustmentReason: 'PRIZE' });
    });

    it('a rejected adjustment moves nothing', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const { id } = (
        await t.api({
          method: 'POST',
          url: '/backoffice/adjustments',
          headers: staff.admin.headers,
          payload: { accountRef: player.accountRef, amount: 20_000, reasonCode: 'GOODWILL', note: 'x' },
        })
      ).json();
      const rej = await t.api({
        method: 'POST',
        url: `/backoffice/adjustments/${id}/reject`,
        headers: staff.finance.headers,
        payload: { reason: 'not justified' },
      });
      expect(rej.json().status).toBe('REJECTED');
      expect(await getBalance(t.testDb.db, player.id)).toBe(0);
    });

    it.skipIf(!onPostgres)('twenty simultaneous approvals apply it once (PostgreSQL)', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const { id } = (
        await t.api({
          method: 'POST',
          url: '/backoffice/adjustments',
          headers: staff.finance.headers,
          payload: { accountRef: player.accountRef, amount: 50_000, reasonCode: 'CORRECTION', note: 'race' },
        })
      ).json();
      const approvers = [staff.finance2, staff.admin];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.api({ method: 'POST', url: `/backoffice/adjustments/${id}/approve`, headers: approvers[i % 2].headers })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
      expect(await getBalance(t.testDb.db, player.id)).toBe(50_000);
      const journal = await t.testDb.db
        .selectFrom('wallet_journal')
        .select('id')
        .where('account_id', '=', player.id)
        .where('type', '=', 'ADJUSTMENT')
        .execute();
      expect(journal).toHaveLength(1);
      const audit = await t.testDb.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'adjustment.approve')
        .where('before', '@>', sql<string>`${JSON.stringify({ id })}::jsonb` as never)
        .execute();
      expect(audit).toHaveLength(1);
    });
  });

  describe('audit', () => {
    it('lists entries with filters and the chain head', async () => {
      const res = await t.api({ method: 'GET', url: '/backoffice/audit?action=player.lock', headers: staff.admin.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.entries.length).toBeGreaterThan(0);
      expect(body.entries.every((e: { action: string }) => e.action === 'player.lock')).toBe(true);
      expect(body.head.hash).toMatch(/^[0-9a-f]{64}$/);
      const byActor = await t.api({
        method: 'GET',
        url: `/backoffice/audit?actor=${encodeURIComponent('support@staff.test')}&from=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`,
        headers: staff.admin.headers,
      });
      expect(byActor.json().entries.every((e: { actor: string }) => e.actor === 'support@staff.test')).toBe(true);
    });

    it('state-changing admin commands are audited; read-only ones are not', async () => {
      const player = await createTestPlayer(t.testDb.db);
      const before = await t.testDb.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect((await admin('wallet:adjust', player.accountRef, '25', 'cli', 'goodwill')).code).toBe(0);
      expect((await admin('wallet:show', player.accountRef)).code).toBe(0);
      const rows = await t.testDb.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).execute();
      expect(rows[0]).toMatchObject({ action: 'cli.wallet:adjust', role: 'cli', target: player.accountRef });
      expect(rows[0].actor).toMatch(/^cli:/);
      const after = await t.testDb.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) + 1);
    });

    it('the database refuses UPDATE and DELETE of audit rows', async () => {
      await expect(sql`update audit_log set reason = 'x' where seq = 1`.execute(t.testDb.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log where seq = 1`.execute(t.testDb.db)).rejects.toThrow(/append-only/);
    });

    it('audit:verify passes on the whole chain, then fails naming the first bad row after an UPDATE, and after a DELETE', async () => {
      const ok = await admin('audit:verify');
      expect(ok.output).toMatch(/^OK: \d+ audit rows/);
      expect(ok.code).toBe(0);
      const rows = await t.testDb.db.selectFrom('audit_log').select('seq').orderBy('seq').execute();
      expect(rows.length).toBeGreaterThan(6);
      const db = t.testDb.db;
      // Someone with the rights to switch the guard off rewrites history.
      await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
      try {
        await sql`update audit_log set reason = 'nothing happened' where seq = 4`.execute(db);
        const changed = await admin('audit:verify');
        expect(changed.code).toBe(1);
        expect(changed.output).toContain('audit row 4');
        expect(changed.output).toContain('changed');
      } finally {
        await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);
      }
    });

    it('audit:verify fails naming the row after a deleted one', async () => {
      const db = t.testDb.db;
      await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
      try {
        // Rows 1-3 are still whole (row 4 was changed above): delete row 2.
        await sql`delete from audit_log where seq = 2`.execute(db);
      } finally {
        await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);
      }
      const res = await admin('audit:verify');
      expect(res.code).toBe(1);
      expect(res.output).toContain('audit row 3');
      expect(res.output).toContain('row 2 is missing');
    });
  });
});
