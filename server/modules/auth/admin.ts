import { sql } from 'kysely';
import { UsageError, type AdminCommand } from '../../admin-command';
import { clock } from '../../clock';

/** Operator commands for accounts: `find` and `tester` (see server/admin.ts). */
export const accountCommands: Record<string, AdminCommand> = {
  find: {
    usage: 'find <email|displayName|accountRef>',
    description: 'Shows the accounts matching an email, a display name (case-insensitive) or an account reference.',
    async run({ db, out }, [needle]) {
      if (!needle) throw new UsageError();
      const lower = needle.toLowerCase();
      const rows = await db
        .selectFrom('accounts')
        .select([
          'id',
          'account_ref',
          'email',
          'display_name',
          'language',
          'is_tester',
          'failed_logins',
          'locked_until',
          'created_at',
          'deleted_at',
          (eb) =>
            eb
              .selectFrom('sessions')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('sessions.account_id', '=', 'accounts.id')
              .where('revoked_at', 'is', null)
              .where('expires_at', '>', clock.now())
              .as('active_sessions'),
        ])
        .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', lower), eb(sql<string>`lower(display_name)`, '=', lower), eb('account_ref', '=', needle)]))
        .orderBy('created_at')
        .execute();
      if (rows.length === 0) {
        out(`No account matches ${needle}`);
        return 1;
      }
      for (const r of rows) {
        out(
          JSON.stringify({
            accountId: r.id,
            accountRef: r.account_ref,
            email: r.email,
            displayName: r.display_name,
            language: r.language,
            isTester: r.is_tester,
            failedLogins: r.failed_logins,
            lockedUntil: r.locked_until?.toISOString() ?? null,
            activeSessions: Number(r.active_sessions ?? 0),
            createdAt: r.created_at.toISOString(),
            deletedAt: r.deleted_at?.toISOString() ?? null,
          }),
        );
      }
      return 0;
    },
  },
  tester: {
    usage: 'tester <email> on|off',
    description: 'Marks or unmarks a live account as a tester (testers cannot delete their account).',
    async run({ db, out }, [email, flag]) {
      if (!email || (flag !== 'on' && flag !== 'off')) throw new UsageError();
      const row = await db
        .updateTable('accounts')
        .set({ is_tester: flag === 'on' })
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .returning(['account_ref', 'is_tester'])
        .executeTakeFirst();
      if (!row) {
        out(`No live account with email ${email}`);
        return 1;
      }
      out(`${row.account_ref} tester: ${row.is_tester ? 'on' : 'off'}`);
      return 0;
    },
  },
};

/** Thrown by a command whose arguments are wrong: the runner prints its usage. */
