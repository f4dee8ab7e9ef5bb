import type { AdminCommand } from '../../admin-command';
import { UsageError } from '../../admin-command';
import { backupEmbedded, RestoreRefused, restoreEmbedded } from './service';

const onPostgres = 'The database is PostgreSQL: back it up with pg_dump -Fc and restore it with pg_restore (docs/operations.md, "Backups").';

/** Operator commands for backups of the embedded database (docs/operations.md). */
export const backupCommands: Record<string, AdminCommand> = {
  backup: {
    usage: 'backup <file>',
    description: 'Write a backup of the embedded database (DATA_DIR) to <file>, live (through the running server if there is one).',
    async run({ db, config, out }, args) {
      if (args.length !== 1) throw new UsageError();
      if (config.DATABASE_URL) {
        out(onPostgres);
        return 2;
      }
      const bytes = await backupEmbedded(db, args[0]!);
      out(`Backup written to ${args[0]} (${bytes} bytes)`);
      return 0;
    },
  },
  restore: {
    usage: 'restore <file>',
    description: 'Replace the embedded database in DATA_DIR by a backup (refused while a server holds DATA_DIR); then run wallet:check.',
    // Run by server/admin.ts before it opens the database (a restore replaces the files under it).
    async run({ config, out }, args) {
      if (args.length !== 1) throw new UsageError();
      if (config.DATABASE_URL) {
        out(onPostgres);
        return 2;
      }
      try {
        await restoreEmbedded(config.DATA_DIR, args[0]!, out);
      } catch (error) {
        out(error instanceof RestoreRefused ? error.message : `Restore failed: ${(error as Error).message}. Nothing was changed.`);
        return 1;
      }
      out(`Restored ${args[0]} into ${config.DATA_DIR}. Check it: npm run admin -- wallet:check`);
      return 0;
    },
  },
};
