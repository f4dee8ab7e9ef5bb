import { sql, type Kysely } from 'kysely';

/** Raffle and tournament prizes are credited through the wallet journal (decisions.md: transaction types). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_journal drop constraint wallet_journal_type`.execute(db);
  await sql`alter table wallet_journal add constraint wallet_journal_type check (type in ('BET', 'WIN', 'REFUND', 'DAILY_BONUS', 'PROMO_BONUS', 'SIGNUP_BONUS', 'ADJUSTMENT', 'RAFFLE_PRIZE', 'TOURNAMENT_PRIZE'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_journal drop constraint wallet_journal_type`.execute(db);
  await sql`alter table wallet_journal add constraint wallet_journal_type check (type in ('BET', 'WIN', 'REFUND', 'DAILY_BONUS', 'PROMO_BONUS', 'SIGNUP_BONUS', 'ADJUSTMENT'))`.execute(
    db,
  );
}
