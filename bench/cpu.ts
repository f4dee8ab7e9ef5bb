/**
 * Where a window's CPU went, to tell what to make cheaper: the server's main thread (its own CPU
 * time, the load generator's worker threads excluded) and the PostgreSQL backends serving the server's database (their user+system
 * time from /proc, Linux only). Both are CPU seconds, so they hold on a busy machine where rates do not.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../server/db';

const TICKS_PER_SECOND = 100;

/** user+system CPU seconds of each process, by pid (0 for one that is gone). */
function processCpu(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command (which may hold spaces) in parentheses: utime is the 14th field, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      cpu.set(pid, 0);
    }
  }
  return cpu;
}

export interface CpuCost {
  /** CPU seconds of the main thread, which runs the server. */
  server: number;
  /** CPU seconds of the database's backends (NaN for PGlite, or where /proc cannot tell). */
  database: number;
}

/** A running total, for measureCpu to add to. */
export const noCpu = (): CpuCost => ({ server: 0, database: 0 });

/**
 * Runs `window`, adds what it cost in CPU to `total` and answers its result. `postgres`: the
 * server's PostgreSQL handle, whose backends are counted; without it (PGlite) the database runs in
 * the main thread and is part of `server`.
 */
export async function measureCpu<T>(postgres: Db | undefined, total: CpuCost, window: () => Promise<T>): Promise<T> {
  const backends = async () =>
    postgres ? (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(postgres)).rows.map((r) => r.pid) : [];
  const before = await backends();
  const cpuBefore = processCpu(before);
  const thread = process.threadCpuUsage();
  const result = await window();
  const used = process.threadCpuUsage(thread);
  const after = await backends();
  const cpuAfter = processCpu(after);
  let database = 0;
  for (const pid of new Set([...before, ...after])) database += (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0);
  total.server += (used.user + used.system) / 1e6;
  total.database += postgres && readableProc() ? database : Number.NaN;
  return result;
}

const readableProc = () => {
  try {
    readFileSync(`/proc/${process.pid}/stat`);
    return true;
  } catch {
    return false;
  }
};

/** "server main thread 140 µs + database 180 µs of CPU per spin" */
export const perOperation = (cpu: CpuCost, operations: number, what: string) => {
  const us = (seconds: number) => `${((seconds / operations) * 1e6).toFixed(0)} µs`;
  return Number.isNaN(cpu.database)
    ? `server main thread ${us(cpu.server)} of CPU per ${what} (the database's part included, or not measurable here)`
    : `server main thread ${us(cpu.server)} + database ${us(cpu.database)} of CPU per ${what}`;
};
