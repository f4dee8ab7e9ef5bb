/**
 * Database faults: errors that say the database is unreachable or the connection died (a restart,
 * a failover, a terminated backend, a full pool), as opposed to a bug or a refused statement.
 * They are answered 503 SERVICE_UNAVAILABLE (the client may retry) and never end the process.
 */

/** SQLSTATE classes and codes of a lost or refused connection, and of transient conflicts a retry resolves. */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '25006', // read_only_sql_transaction: a standby after a failover
]);

/** Node socket errors of a connection that cannot be made or was cut. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/** Messages pg and pg-pool raise for a dead client or an exhausted pool (they carry no code). */
const messages = [
  /^Connection terminated/, // the socket closed under a client (pg)
  /not queryable/, // a client that saw a connection error (pg)
  /^timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis (pg-pool)
  /^Cannot use a pool after calling end/, // shutting down
  /^Query read timeout/,
  /^Postgres connection has been discarded/, // Kysely, after a rollback failed on a dead connection
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (unavailableStates.has(code) || code.startsWith('08') || socketCodes.has(code))) return true;
  if (typeof message === 'string' && messages.some((m) => m.test(message))) return true;
  // AggregateError (a connect attempt to several addresses) and wrapped errors.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` until it stops failing with a database fault (at start: migrations and seed while the
 * database restarts), waiting a little longer each time, up to `deadlineMs`. Other errors end at once.
 */
export async function retryWhileUnavailable<T>(
  task: () => Promise<T>,
  { deadlineMs = 120_000, onRetry }: { deadlineMs?: number; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  const start = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() - start > deadlineMs) throw error;
      onRetry?.(error, attempt);
      await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)));
    }
  }
}
