/**
 * Operator commands: `npm run admin -- <command> [args]` (`npm run admin -- help` lists them).
 * Connects with the same configuration as the server (DATABASE_URL, or the embedded database in
 * DATA_DIR; PGlite allows one process at a time, so stop the server first when using DATA_DIR).
 *
 * Adding a command: write a `Record<string, AdminCommand>` in your module (see
 * server/modules/auth/admin.ts) and spread it into `commands` below.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import { UsageError, type AdminCommand, type AdminContext } from './admin-command';
import { accountCommands } from './modules/auth/admin';
import { houseCommands } from './modules/house/admin';
import { walletCommands } from './modules/wallet/admin';
import { gamesCommands } from './modules/games/admin';
import { raffleCommands } from './modules/raffle/admin';
import { tournamentCommands } from './modules/tournaments/admin';
import { protectionCommands } from './modules/protection/admin';
import { marketingCommands } from './modules/marketing/admin';
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
  ...backofficeCommands,
};

function help(out: (line: string) => void) {
  out('Usage: npm run admin -- <command> [args]');
  for (const c of Object.values(commands)) out(`  ${c.usage.padEnd(40)} ${c.description}`);
}

/** Runs one command line; returns the process exit code. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    help(ctx.out);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    ctx.out(`Unknown command: ${name}`);
    help(ctx.out);
    return 2;
  }
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

async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(db);
    process.exitCode = await runAdmin(process.argv.slice(2), { db, config, out: (line) => console.log(line) });
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
