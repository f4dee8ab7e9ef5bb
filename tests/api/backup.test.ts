import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { loadConfig } from '../../server/config';
import { lockDataDir } from '../../server/data-dir';
import { createDb, migrateToLatest, type Db } from '../../server/db';
import { postMovement } from '../../server/modules/wallet';
import { createTestDb, onPostgres, testServerUrl } from '../support/db';
import { createTestPlayer } from '../support/players';

const run = promisify(execFile);
const fund = (db: Db, accountId: string, amount: number) =>
  postMovement(db, { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomBytes(6).toString('hex')}`, reason: 'test' });
const balances = (db: Db) => db.selectFrom('wallets').select(['account_id', 'balance']).orderBy('account_id').execute();

/** `npm run admin -- <argv>` as an operator runs it, on the embedded database in `dataDir`. */
async function admin(dataDir: string, argv: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...argv], { env, timeout: 120_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe.skipIf(onPostgres)('backup and restore of the embedded database (npm run admin -- backup / restore)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cc-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores the database as it was at the backup, refuses while a server holds DATA_DIR, and wallet:check passes', async () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'backups', 'casino.tar.gz');
    let db = createDb({ dataDir });
    await migrateToLatest(db);
    const players = [await createTestPlayer(db), await createTestPlayer(db)];
    for (const p of players) await fund(db, p.id, 12_345);
    const atBackup = await balances(db);
    await db.destroy();

    const backup = await admin(dataDir, ['backup', file]);
    expect(backup.out).toMatch(/^Backup written to .*casino\.tar\.gz \(\d+ bytes\)$/m);
    expect(backup.code).toBe(0);

    // Changes after the backup: undone by the restore.
    db = createDb({ dataDir });
    await fund(db, players[0]!.id, 1_000);
    const later = await createTestPlayer(db);
    await db.destroy();

    // A server holds DATA_DIR (this process, as a server would): the restore changes nothing.
    const serverLock = lockDataDir(dataDir, 'server');
    try {
      const refused = await admin(dataDir, ['restore', file]);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/held by a server \(pid \d+\): stop it, then restore\. Nothing was changed\./);
    } finally {
      serverLock.release();
    }

    const restored = await admin(dataDir, ['restore', file]);
    expect(restored.out).toMatch(/Restored .* into /);
    expect(restored.code).toBe(0);
    expect(readdirSync(root).some((name) => name.startsWith('data.before-restore-'))).toBe(true);
    expect(existsSync(`${dataDir}.restoring`)).toBe(false);

    const check = await admin(dataDir, ['wallet:check']);
    expect(check.code, check.out).toBe(0);
    db = createDb({ dataDir });
    try {
      expect(await balances(db)).toEqual(atBackup);
      expect(await db.selectFrom('accounts').select('id').where('id', '=', later.id).execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 400_000);

  it('refuses a missing backup file without touching DATA_DIR', async () => {
    const dataDir = path.join(root, 'other');
    const missing = await admin(dataDir, ['restore', path.join(root, 'nope.tar.gz')]);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/No backup file/);
  }, 120_000);
});

describe.skipIf(!onPostgres)('backup and restore on PostgreSQL (pg_dump -Fc / pg_restore, docs/operations.md)', () => {
  it('round trip: pg_dump -Fc, pg_restore into an empty database, wallet:check passes and balances are equal', async () => {
    const source = await createTestDb();
    const target = `cc_test_restore_${randomBytes(5).toString('hex')}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-pgdump-'));
    const file = path.join(dir, 'casino.dump');
    const admin = new pg.Client({ connectionString: testServerUrl });
    await admin.connect();
    try {
      for (let i = 0; i < 3; i++) await fund(source.db, (await createTestPlayer(source.db)).id, 5_000 + i);
      const before = await balances(source.db);
      await run('pg_dump', ['-Fc', '--no-owner', '-f', file, source.url!]);
      await admin.query(`create database ${target}`);
      const targetUrl = new URL(testServerUrl!);
      targetUrl.pathname = `/${target}`;
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', targetUrl.toString(), file]);
      const restored = createDb({ databaseUrl: targetUrl.toString() });
      try {
        const lines: string[] = [];
        const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: targetUrl.toString() });
        expect(await runAdmin(['wallet:check'], { db: restored, config, out: (l) => lines.push(l) }), lines.join('\n')).toBe(0);
        expect(await balances(restored)).toEqual(before);
        // The restored schema is current: migrating again has nothing to do.
        await migrateToLatest(restored);
      } finally {
        await restored.destroy();
      }
    } finally {
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
      await source.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
