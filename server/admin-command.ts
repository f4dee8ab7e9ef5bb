import type { Config } from './config';
import type { Db } from './db';

/**
 * An operator command (`npm run admin -- <name> [args]`). Each module writes a
 * `Record<string, AdminCommand>` and server/admin.ts lists them. (Its own file so modules never
 * import the command runner that imports them.)
 */
export interface AdminContext {
  db: Db;
  config: Config;
  /** One line of output (stdout when run from the command line). */
  out: (line: string) => void;
}

export interface AdminCommand {
  usage: string;
  description: string;
  /** Returns the exit code; throws UsageError when the arguments are wrong. */
  run(ctx: AdminContext, args: string[]): Promise<number>;
}

/** The arguments do not fit the command's usage line. */
export class UsageError extends Error {}
