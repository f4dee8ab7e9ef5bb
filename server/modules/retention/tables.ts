export interface RetentionTables {
  /** One row per run of a daily job (job, UTC day): the server that inserted it runs the job. */
  job_runs: {
    job: string;
    run_key: string;
    claimed_by: string;
    started_at: Date;
    finished_at: Date | null;
    summary: string | null;
  };
}
