import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, highLimits, signIn, signUp, sessionToken } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`operator commands: npm run admin -- find / tester (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(highLimits);
  });
  afterAll(() => t.close());

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: t.testDb.db, config: t.config, out: (l) => lines.push(l) });
    return { code, lines };
  };

  it('finds an account by email, display name (any case) and account reference', async () => {
    const player = await signUp(t);
    await signIn(t, player.email, player.password);
    const byEmail = await admin('find', player.email.toUpperCase());
    expect(byEmail.code).toBe(0);
    const found = JSON.parse(byEmail.lines[0]!);
    expect(found).toMatchObject({ email: player.email, displayName: player.displayName, isTester: false, activeSessions: 1, deletedAt: null });
    expect((await admin('find', player.displayName.toUpperCase())).lines).toEqual(byEmail.lines);
    expect((await admin('find', found.accountRef)).lines).toEqual(byEmail.lines);
    const none = await admin('find', 'nobody@example.test');
    expect(none.code).toBe(1);
    expect(none.lines[0]).toMatch(/No account/);
  });

  it('marks and unmarks a tester, which the account summary and deletion follow', async () => {
    const player = await signUp(t);
    const token = sessionToken(await signIn(t, player.email, player.password));
    const on = await admin('tester', player.email, 'on');
    expect(on.code).toBe(0);
    expect(on.lines[0]).toMatch(/tester: on$/);
    expect((await t.api({ method: 'GET', url: '/account', headers: bearer(token) })).json().isTester).toBe(true);
    const refused = await t.api({ method: 'POST', url: '/delete-account', headers: bearer(token), payload: { password: player.password } });
    expect(refused.json().code).toBe('TESTER_ACCOUNT_DELETION_FORBIDDEN');
    expect((await admin('tester', player.email, 'off')).lines[0]).toMatch(/tester: off$/);
    // The command is another process: its change reaches the server's kept session by a notice (docs/decisions/0013).
    await vi.waitFor(async () => expect((await t.api({ method: 'GET', url: '/account', headers: bearer(token) })).json().isTester).toBe(false), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it('prints usage for wrong arguments and unknown commands', async () => {
    expect((await admin('tester', 'x@example.test', 'maybe')).code).toBe(2);
    expect((await admin('tester', 'nobody@example.test', 'on')).code).toBe(1);
    const unknown = await admin('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.lines.join('\n')).toContain('find <email|displayName|accountRef>');
    expect((await admin('help')).code).toBe(0);
  });
});
