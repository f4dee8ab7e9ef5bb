import { map } from 'nanostores';
import type { LiveTablesSchema } from '../../contracts/live';
import type { z } from 'zod';
import { apiCall, type CallOptions } from '../lib/api';

/**
 * The Live Casino page's shared tables (the list of GET /live/tables and the server's clock), read
 * again just after a phase ends. Apart from the table's store (src/stores/liveTable.ts) so that the
 * page does not load the stream, the engines or the wallet.
 */

export type TablesList = z.output<typeof LiveTablesSchema>;
export type TableSummary = TablesList['tables'][number];

/** Whole seconds left until `endsAt` (server ms) at device time `now` with the clock offset; never below 0. */
export function secondsLeft(endsAt: number | null, now: number, offset: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - (now + offset)) / 1000));
}

/** The offset of the server's clock from a request's round trip: serverTime against the trip's middle. */
export const clockOffset = (serverTime: number, sentAt: number, receivedAt: number) => Math.round(serverTime - (sentAt + receivedAt) / 2);

/** The tables on the Live Casino page with their clock offset; read again as each phase ends. */
interface LobbyDeps {
  call: <T>(path: string, options?: CallOptions) => Promise<T>;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export function createLiveLobby(overrides: Partial<LobbyDeps> = {}) {
  const deps: LobbyDeps = {
    call: (path, options) => apiCall(path, options) as never,
    now: () => Date.now(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as number),
    ...overrides,
  };
  const $lobby = map<{ tables: TableSummary[] | null; offset: number; failed: boolean }>({ tables: null, offset: 0, failed: false });
  let timer: unknown = null;
  let stopped = true;
  /** Read again at least this often (watchers move without a phase ending). */
  const REFRESH_MS = 10_000;

  async function load() {
    if (stopped) return;
    const sentAt = deps.now();
    try {
      const answer = await deps.call<TablesList>('/live/tables', { isQuery: true });
      $lobby.set({ tables: answer.tables, offset: clockOffset(answer.serverTime, sentAt, deps.now()), failed: false });
    } catch {
      $lobby.set({ ...$lobby.get(), failed: $lobby.get().tables === null });
    }
    schedule();
  }

  /** The next read: just after the soonest phase ends, or REFRESH_MS from now. */
  function schedule() {
    if (stopped) return;
    const { tables, offset } = $lobby.get();
    const serverNow = deps.now() + offset;
    // A phase already over by the server's clock (its next one not out yet when read) is asked again soon.
    const ends = (tables ?? []).flatMap((t) => (t.phaseEndsAt !== null ? [t.phaseEndsAt - serverNow + 300] : []));
    const wait = Math.min(REFRESH_MS, ...ends);
    timer = deps.setTimeout(() => void load(), Math.max(500, wait));
  }

  return {
    $lobby,
    start() {
      if (!stopped) return;
      stopped = false;
      void load();
    },
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
    },
  };
}
