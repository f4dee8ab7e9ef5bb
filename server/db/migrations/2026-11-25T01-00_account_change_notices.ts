import { sql, type Kysely } from 'kysely';

/**
 * Change notices for the servers' session caches (server/plugins/session.ts, docs/decisions/0013):
 * whatever writes it (a request on any server, an admin command, an operator's SQL), a change of a
 * live session, or of an account's fields a signed-in request reads, sends the account's id on the
 * channel `account_changed` when it commits (never for a change rolled back). Sessions that are
 * already revoked change nothing anyone holds: no notice for them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function account_changed_by_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('account_changed', old.account_id::text);
      return null;
    end $$`.execute(db);
  await sql`create function account_changed_by_account() returns trigger language plpgsql as $$
    begin
      perform pg_notify('account_changed', old.id::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_changed after update or delete on sessions
    for each row when (old.revoked_at is null) execute function account_changed_by_session()`.execute(db);
  await sql`create trigger accounts_changed after update on accounts
    for each row when (
      old.display_name is distinct from new.display_name or old.email is distinct from new.email
      or old.language is distinct from new.language or old.is_tester is distinct from new.is_tester
      or old.deleted_at is distinct from new.deleted_at or old.account_ref is distinct from new.account_ref
    ) execute function account_changed_by_account()`.execute(db);
  await sql`create trigger accounts_deleted after delete on accounts
    for each row execute function account_changed_by_account()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger accounts_deleted on accounts`.execute(db);
  await sql`drop trigger accounts_changed on accounts`.execute(db);
  await sql`drop trigger sessions_changed on sessions`.execute(db);
  await sql`drop function account_changed_by_account()`.execute(db);
  await sql`drop function account_changed_by_session()`.execute(db);
}
