import { sql, type Kysely } from 'kysely';

/**
 * Runs of the daily jobs (retention): one row per job and run key (the UTC day). The server
 * that inserts the row runs the job; the others see it and skip. A run that never finished (its
 * server died) can be taken over after an hour.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('run_key', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('summary', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
