import { STAFF_ROLES, type StaffRole } from '../../../contracts/backoffice-constants';
import { EmailSchema } from '../../../contracts/auth';
import { UsageError, type AdminCommand } from '../../admin-command';
import { AppError } from '../../errors';
import { cliActor, verifyChain } from '../audit';
import { createStaff, setupUrl } from './staff';

/** Operator commands of the back-office (docs/decisions/0019): staff:create and audit:verify. */
export const backofficeCommands: Record<string, AdminCommand> = {
  'staff:create': {
    usage: `staff:create <email> <${STAFF_ROLES.join('|')}>`,
    description: 'Create a staff member and print their one-time set-up link (valid 24 h).',
    async run({ db, config, out }, [email, role]) {
      if (!email || !role) throw new UsageError();
      if (!EmailSchema.safeParse(email).success) {
        out(`Not an email address: ${email}`);
        return 1;
      }
      if (!(STAFF_ROLES as readonly string[]).includes(role)) {
        out(`Unknown role ${role}: one of ${STAFF_ROLES.join(', ')}`);
        return 1;
      }
      try {
        const { token } = await createStaff(db, cliActor(), email, role as StaffRole);
        out(`Created ${role} ${email}. Set-up link (valid 24 h, once):`);
        out(setupUrl(config, token));
        return 0;
      } catch (error) {
        if (error instanceof AppError && error.code === 'EMAIL_ALREADY_EXISTS') {
          out(`A staff member with email ${email} exists already.`);
          return 1;
        }
        throw error;
      }
    },
  },
  'audit:verify': {
    usage: 'audit:verify',
    description: 'Recompute the audit log hash chain; exit 1 naming the first row that was changed or deleted.',
    async run({ db, out }) {
      const report = await verifyChain(db);
      if (report.firstBad) {
        out(`BROKEN at audit row ${report.firstBad.seq}: ${report.firstBad.problem} (${report.rows} rows before it verified).`);
        return 1;
      }
      out(`OK: ${report.rows} audit rows, chain head ${report.head ? `${report.head.seq} ${report.head.hash}` : '(empty)'}.`);
      return 0;
    },
  },
};

/**
 * Commands that leave no audit row: those that change nothing (a backup only reads), and `restore`,
 * which replaces the whole database, audit chain included, with the backup's (the restored chain must
 * verify as it was; the operator's restore is in the server's log). Every other command that succeeds
 * writes an audit row.
 */
export const isReadOnlyCommand = (name: string) => name === 'find' || name === 'backup' || name === 'restore' || /:(list|show|check|verify)$/.test(name);
/** Commands that write their own audit row in the transaction of their change. */
export const selfAuditedCommands = new Set(['staff:create']);
