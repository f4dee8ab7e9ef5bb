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
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import { DataDirInUse, lockDataDir, lockHolder, onDisk, runInServer, type AdminResult, type DataDirLock } from './data-dir';
import { UsageError, type AdminCommand, type AdminContext } from './admin-command';
import { accountCommands } from './modules/auth/admin';
import { houseCommands } from './modules/house/admin';
import { walletCommands } from './modules/wallet/admin';
import { gamesCommands } from './modules/games/admin';
import { raffleCommands } from './modules/raffle/admin';
import { tournamentCommands } from './modules/tournaments/admin';
import { protectionCommands } from './modules/protection/admin';
import { marketingCommands } from './modules/marketing/admin';
import { outboxCommands } from './modules/outbox/admin';
import { retentionCommands } from './modules/retention/admin';
import { backofficeCommands, isReadOnlyCommand, selfAuditedCommands } from './modules/backoffice/admin';
import { cliActor, writeAudit } from './modules/audit/log';

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

/** Runs one command line; returns the process exit code. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const missing = commandMissing(argv, ctx.out);
  if (missing !== null) return missing;
  const [name, ...args] = argv;
  const command = commands[name];
  try {
    const code = await command.run(ctx, args);
    // Every state-changing command leaves an audit row (docs/decisions/0019). The older commands
    // write theirs just after their change (they run their own transactions); staff:create writes
    // its own inside its transaction.
    if (code === 0 && !isReadOnlyCommand(name) && !selfAuditedCommands.has(name)) {
      await ctx.db.transaction().execute((trx) => writeAudit(trx, cliActor(), { action: `cli.${name}`, target: args[0] ?? null, after: { args } }));
    }
    return code;
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
