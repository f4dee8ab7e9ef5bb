/**
 * Operator commands: `npm run admin -- <command> [args]` (`npm run admin -- help` lists them).
 * Connects with the same configuration as the server (DATABASE_URL, or the embedded database in
 * DATA_DIR). The embedded database is one process's at a time (server/data-dir.ts): when a server
 * holds DATA_DIR the command runs inside that server, over its local admin channel, so the change is
 * live at once; when the server cannot be reached the command refuses, and never writes beside it.
 *
 * Adding a command: write a `Record<string, AdminCommand>` in your module (see
 * server/modules/auth/admin.ts) and spread it into `commands` below.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Transaction } from 'kysely';
import { loadConfig, type Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import type { Database } from './db/schema';
import { DataDirInUse, lockDataDir, lockHolder, onDisk, runInServer, type AdminResult, type DataDirLock } from './data-dir';
import { UsageError, type AdminCommand, type AdminContext } from './admin-command';
import { accountCommands } from './modules/auth';
import { houseCommands } from './modules/house';
import { walletCommands } from './modules/wallet';
import { gamesCommands } from './modules/games';
import { raffleCommands } from './modules/raffle';
import { tournamentCommands } from './modules/tournaments';
import { protectionCommands } from './modules/protection';
import { marketingCommands } from './modules/marketing';
import { outboxCommands } from './modules/outbox';
import { retentionCommands } from './modules/retention';
import { backofficeCommands, isReadOnlyCommand, selfAuditedCommands } from './modules/backoffice';
import { cliActor, writeAudit } from './modules/audit';
import { backupCommands } from './modules/backup';

export type { AdminCommand, AdminContext } from './admin-command';

export const commands: Record<string, AdminCommand> = {
  ...accountCommands,
  ...walletCommands,
  ...gamesCommands,
  ...houseCommands,
  ...raffleCommands,
  ...tournamentCommands,
  ...protectionCommands,
  ...marketingCommands,
  ...outboxCommands,
  ...retentionCommands,
  ...backofficeCommands,
  ...backupCommands,
};

function help(out: (line: string) => void) {
  out('Usage: npm run admin -- <command> [args]');
  for (const c of Object.values(commands)) out(`  ${c.usage.padEnd(40)} ${c.description}`);
}

/**
 * The exit code when argv names no command to run (help, nothing, an unknown name), after printing
 * what to do; null when it names a command. Checked before any database is opened.
 */
export function commandMissing(argv: string[], out: (line: string) => void): number | null {
  const [name] = argv;
  if (!name || name === 'help' || name === '--help') {
    help(out);
    return name ? 0 : 2;
  }
  if (!Object.hasOwn(commands, name)) {
    out(`Unknown command: ${name}`);
    help(out);
    return 2;
  }
  return null;
}

/**
 * A transaction that a command sees as its database: the command's own `db.transaction()` calls
 * become savepoints inside it (a failure inside one rolls back that part only, as a transaction of
 * its own would), so everything the command changes commits, or not, with its audit row.
 */
export function joinedTransaction(trx: Transaction<Database>): Db {
  let savepoints = 0;
  const nested = {
    execute: async <T>(fn: (t: Db) => Promise<T>): Promise<T> => {
      const name = sql.raw(`admin_cmd_${++savepoints}`);
      await sql`savepoint ${name}`.execute(trx);
      try {
        const result = await fn(joined);
        await sql`release savepoint ${name}`.execute(trx);
        return result;
      } catch (error) {
        await sql`rollback to savepoint ${name}`.execute(trx);
        throw error;
      }
    },
  };
  const builder = { ...nested, setIsolationLevel: () => builder, setAccessMode: () => builder };
  const joined = new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => builder;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Db;
  return joined;
}

/** Runs one command line; returns the process exit code. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const missing = commandMissing(argv, ctx.out);
  if (missing !== null) return missing;
  const [name, ...args] = argv;
  const command = commands[name];
  try {
    // Read-only commands change nothing to audit; backup and restore are among them (see
    // isReadOnlyCommand: a backup only reads, and a restore swaps the database's files, audit
    // chain included, so no row written beside it could survive it). staff:create writes its own.
    if (isReadOnlyCommand(name) || selfAuditedCommands.has(name)) return await command.run(ctx, args);
    // Every other command runs in one transaction with its audit row (docs/decisions/0019): a
    // command that throws leaves neither its change nor a row; an audit row that cannot be written
    // rolls the change back. A command that ends with a non-zero exit (a refusal, or a partial
    // result such as mails queued but not delivered yet) keeps what it did, and its row says how it ended.
    return await ctx.db.transaction().execute(async (trx) => {
      const code = await command.run({ ...ctx, db: joinedTransaction(trx) }, args);
      await writeAudit(trx, cliActor(), { action: `cli.${name}`, target: args[0] ?? null, after: code === 0 ? { args } : { args, exitCode: code } });
      return code;
    });
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.out(`Usage: npm run admin -- ${command.usage}`);
      return 2;
    }
    throw error;
  }
}

/** Runs a command line with its output collected (the server's side of the local admin channel). */
export async function runAdminCollected(argv: string[], db: Db, config: Config): Promise<AdminResult> {
  const lines: string[] = [];
  const code = await runAdmin(argv, { db, config, out: (line) => lines.push(line) });
  return { code, lines };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const out = (line: string) => console.log(line);
  const missing = commandMissing(argv, out);
  if (missing !== null) return missing;
  const config = loadConfig();
  // A backup may be written by the server (through the admin channel): its path must not depend on the server's working directory.
  if ((argv[0] === 'backup' || argv[0] === 'restore') && argv.length === 2) argv[1] = path.resolve(argv[1]!);
  // A restore replaces the embedded database's files: it opens no database here, takes DATA_DIR
  // itself and refuses while a server holds it (server/modules/backup/service.ts).
  if (argv[0] === 'restore' && !config.DATABASE_URL) return runAdmin(argv, { db: undefined as unknown as Db, config, out });
  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL && onDisk(config.DATA_DIR)) {
    const holder = lockHolder(config.DATA_DIR);
    if (holder?.role === 'server') {
      let result: AdminResult;
      try {
        result = await runInServer(config.DATA_DIR, argv);
      } catch (error) {
        console.error(
          `The server (pid ${holder.pid}) holds DATA_DIR ${config.DATA_DIR} but did not take the command (${(error as Error).message}). ` +
            'Nothing was changed. Run the command again once the server is up, or stop the server and run it then.',
        );
        return 1;
      }
      for (const line of result.lines) out(line);
      return result.code;
    }
    try {
      lock = lockDataDir(config.DATA_DIR, 'admin', (stale) =>
        console.error(`Note: ${config.DATA_DIR} had a lock from pid ${stale?.pid ?? '?'}, which no longer runs; taken over.`),
      );
    } catch (error) {
      if (error instanceof DataDirInUse) {
        console.error(`${error.message} Nothing was changed.`);
        return 1;
      }
      throw error;
    }
  }
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(db);
    return await runAdmin(argv, { db, config, out });
  } finally {
    await db.destroy();
    lock?.release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // process.exit with the code itself: the embedded database's runtime resets process.exitCode
  // when it closes (an unknown command used to exit 0).
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
