import { map } from 'nanostores';
import type { LiveBetResponseSchema, LiveSnapshotSchema } from '../../contracts/live';
import {
  emptyTableState,
  applyLiveEvent,
  liveSpotReturn,
  liveTable,
  opposingSpots,
  STAMP_INTERVAL_MS,
  STAMPS,
  type LiveEvent,
  type LiveKind,
  type LiveRoundState,
  type LiveTableLimits,
  type LiveTableState,
  type Stamp,
} from '../../contracts/live-tables';
import type { z } from 'zod';
import { ApiError, apiCall, apiUrl, type CallOptions } from '../lib/api';
import { siteConfig } from '../lib/config';
import { roundErrorKeyOf } from './roundErrors';
import { showBalance, refreshBalance } from './wallet';
import { clockOffset } from './liveLobby';

export { clockOffset, secondsLeft, createLiveLobby } from './liveLobby';

/**
 * A shared live table on the site (docs/decisions/0025): the table's state from its event stream
 * (Server-Sent Events, every event applied with the one reducer of contracts/live-tables.ts), the
 * server's clock (the countdowns run on it, not on the device's), the player's chips and the bet
 * being built, bets sent with a request id (the same id on a retry, so a bet is never taken twice),
 * stamps with their local mute, and whether the stream is connected. No UI here: the table's island
 * draws this store and calls its actions; tests drive it without a browser (the network, the clock
 * and EventSource are passed in).
 */

export type Snapshot = z.output<typeof LiveSnapshotSchema>;
export type MyBets = NonNullable<Snapshot['mine']>;

/** What the stream does: connecting the first time, open, or cut and healing. */
export type Connection = 'connecting' | 'open' | 'reconnecting';

/** A stamp rising over the table (removed after STAMP_SHOW_MS). */
export interface RisingStamp {
  key: number;
  stamp: Stamp;
  name: string;
}

/** The player's result of a finished round (computed here from the result and their own bets). */
export interface MyRoundResult {
  roundId: string;
  staked: number;
  won: number;
}

export interface LiveTableView {
  tableId: string;
  kind: LiveKind;
  limits: LiveTableLimits;
  /** The table as the stream says (the reducer's state). */
  state: LiveTableState;
  /** Server time minus device time (ms): add it to Date.now() to read the server's clock. */
  offset: number;
  /** The snapshot has arrived (before it: a spinner). */
  ready: boolean;
  /** The snapshot could not be read (a message and a retry). */
  failed: boolean;
  connection: Connection;
  /** The signed-in player's bets this round (sent and taken), or null. */
  mine: MyBets | null;
  chip: number;
  /** Chips on spots not yet sent, by spot. */
  pending: Record<string, number>;
  placing: boolean;
  /** Key of a message to show (with its namespace: live, errors, games or protection), or null. */
  error: string | null;
  /** The player's last result at this table (shown until the next round opens). */
  myResult: MyRoundResult | null;
  stamps: RisingStamp[];
  muted: boolean;
  /** Until when (device ms) the stamp picker rests after a stamp. */
  stampRestUntil: number;
}

/** What the store needs from the outside world: real ones in the browser, stand-ins in tests. */
export interface LiveDeps {
  call: <T>(path: string, options?: CallOptions) => Promise<T>;
  /** An EventSource constructor (the browser's). */
  EventSource: new (
    url: string,
    init?: { withCredentials?: boolean },
  ) => EventSourceLike;
  now: () => number;
  uuid: () => string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  /** The balance after a bet (the header shows it at once), and a refetch after a round is settled. */
  showBalance: (balance: number) => void;
  refreshBalance: () => void;
}

export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((this: EventSourceLike, ev: Event) => unknown) | null;
  onmessage: ((this: EventSourceLike, ev: MessageEvent) => unknown) | null;
  onerror: ((this: EventSourceLike, ev: Event) => unknown) | null;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up (an error status); the store opens a new stream itself. */
const CLOSED = 2;
/** How long a stamp rises over the table. */
export const STAMP_SHOW_MS = 2600;
/** At most this many stamps rise at once (the oldest goes first). */
const MAX_RISING = 8;
/** A closed stream is opened again after this long (doubling up to RECONNECT_MAX_MS). */
const RECONNECT_MS = 1000;
const RECONNECT_MAX_MS = 8000;
export const MUTE_KEY = 'liveStampsMuted';
/** Chips are sent this long after the last one is put down. */
export const AUTO_SEND_MS = 350;

const browserDeps = (): LiveDeps => ({
  call: (path, options) => apiCall(path, options) as never,
  EventSource: globalThis.EventSource as unknown as LiveDeps['EventSource'],
  now: () => Date.now(),
  uuid: () => crypto.randomUUID(),
  storage: typeof localStorage === 'undefined' ? null : localStorage,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as number),
  showBalance,
  refreshBalance,
});

/** When the round's current phase ends (server ms): betting closes, the result comes, the next round opens. */
export function phaseEndsAt(round: LiveRoundState | null): number | null {
  if (!round) return null;
  return round.phase === 'betting' ? round.closesAt : round.phase === 'drawing' ? round.resultAt : round.nextAt;
}

/** The sum of a record of amounts. */
export const sumOf = (spots: Record<string, number>) => Object.values(spots).reduce((s, a) => s + a, 0);

export function createLiveTable(tableId: string, overrides: Partial<LiveDeps> = {}) {
  const deps: LiveDeps = { ...browserDeps(), ...overrides };
  const def = liveTable(tableId);
  if (!def) throw new Error(`No live table ${tableId}`);
  const $live = map<LiveTableView>({
    tableId,
    kind: def.kind,
    limits: def.limits,
    state: emptyTableState(tableId),
    offset: 0,
    ready: false,
    failed: false,
    connection: 'connecting',
    mine: null,
    chip: def.limits.chips[0],
    pending: {},
    placing: false,
    error: null,
    myResult: null,
    stamps: [],
    muted: deps.storage?.getItem(MUTE_KEY) === '1',
    stampRestUntil: 0,
  });

  let source: EventSourceLike | null = null;
  let stopped = true;
  let reconnectTimer: unknown = null;
  let reconnectDelay = RECONNECT_MS;
  /** The stream was cut: once open again, the player's own bets and the clock are read again. */
  let healing = false;
  /** The id of the last event applied: a stream opened again by the store asks from there (the browser's own reconnects send it as Last-Event-ID). */
  let lastEventId: string | null = null;
  /** The chips last sent and their request id: kept while the same chips are sent again after a failure. */
  let batch: { key: string; requestId: string } | null = null;
  let stampKey = 0;
  const stampTimers = new Set<unknown>();

  const patch = (p: Partial<LiveTableView>) => $live.set({ ...$live.get(), ...p });
  const currentRound = () => $live.get().state.round;
  const bettingOpen = (at = deps.now()) => {
    const round = currentRound();
    return !!round && round.phase === 'betting' && at + $live.get().offset < round.closesAt;
  };

  /** The table's snapshot over HTTP: the limits, the clock, the state and the player's own bets. */
  async function loadSnapshot(): Promise<void> {
    const sentAt = deps.now();
    const snap = await deps.call<Snapshot>(`/live/tables/${encodeURIComponent(tableId)}`, { isQuery: true });
    const offset = clockOffset(snap.serverTime, sentAt, deps.now());
    const { chip } = $live.get();
    patch({
      kind: snap.kind,
      limits: snap.limits,
      offset,
      ready: true,
      failed: false,
      state: $live.get().ready ? $live.get().state : snap.state,
      mine: snap.mine && snap.mine.roundId === snap.state.round?.roundId ? snap.mine : null,
      chip: snap.limits.chips.includes(chip) ? chip : snap.limits.chips[0],
    });
  }

  /** A new round clears the last round's chips, bets and result. */
  function onRound(previous: LiveRoundState | null, next: LiveRoundState | null) {
    if (!next || previous?.roundId === next.roundId) return;
    batch = null;
    const { mine } = $live.get();
    patch({ pending: {}, mine: mine?.roundId === next.roundId ? mine : null, myResult: null, error: null });
  }

  function handle(event: LiveEvent) {
    const before = $live.get().state;
    const state = applyLiveEvent(before, event);
    if (state !== before) {
      patch({ state });
      onRound(before.round, state.round);
    }
    switch (event.type) {
      case 'closed':
        // Chips not sent when betting closed stay off the table.
        if (state.round?.roundId === event.roundId) {
          batch = null;
          patch({ pending: {} });
        }
        break;
      case 'result': {
        const { mine } = $live.get();
        if (mine && mine.roundId === event.roundId) {
          const won = Object.entries(mine.spots).reduce((sum, [spot, amount]) => sum + liveSpotReturn(def!, spot, amount, event.result), 0);
          patch({ myResult: { roundId: event.roundId, staked: mine.total, won } });
        }
        break;
      }
      case 'settled':
        if ($live.get().mine?.roundId === event.roundId) deps.refreshBalance();
        break;
      case 'stamp':
        showStamp(event.stamp, event.name);
        break;
    }
  }

  function showStamp(stamp: Stamp, name: string) {
    if ($live.get().muted || !(STAMPS as readonly string[]).includes(stamp)) return;
    const key = ++stampKey;
    patch({ stamps: [...$live.get().stamps, { key, stamp, name }].slice(-MAX_RISING) });
    const timer = deps.setTimeout(() => {
      stampTimers.delete(timer);
      patch({ stamps: $live.get().stamps.filter((s) => s.key !== key) });
    }, STAMP_SHOW_MS);
    stampTimers.add(timer);
  }

  function openStream() {
    if (stopped) return;
    source?.close();
    const query = { channel: siteConfig.channel, lastEventId: lastEventId ?? undefined };
    const es = new deps.EventSource(apiUrl(`/live/tables/${encodeURIComponent(tableId)}/stream`, query), {
      withCredentials: true,
    });
    source = es;
    es.onopen = () => {
      if (source !== es) return;
      reconnectDelay = RECONNECT_MS;
      patch({ connection: 'open' });
      if (healing) {
        healing = false;
        void loadSnapshot().catch(() => {});
      }
    };
    es.onmessage = (message: MessageEvent) => {
      if (source !== es) return;
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (message.lastEventId) lastEventId = message.lastEventId;
      if ($live.get().connection !== 'open') patch({ connection: 'open' });
      handle(event);
    };
    es.onerror = () => {
      if (source !== es) return;
      healing = true;
      patch({ connection: 'reconnecting' });
      // While CONNECTING the browser reconnects itself (with Last-Event-ID); once CLOSED it has given up.
      if (es.readyState === CLOSED) scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer !== null) return;
    reconnectTimer = deps.setTimeout(() => {
      reconnectTimer = null;
      openStream();
    }, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  /** The network is back (the browser's `online`): a stream the browser gave up on opens again now. */
  function online() {
    if (stopped) return;
    if (!source || source.readyState === CLOSED) {
      if (reconnectTimer !== null) deps.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      reconnectDelay = RECONNECT_MS;
      openStream();
    }
  }

  /** Reads the snapshot, then follows the stream (its first event is a fresh snapshot). */
  async function start() {
    if (!stopped) return;
    stopped = false;
    try {
      await loadSnapshot();
    } catch {
      if (!stopped) patch({ failed: true });
    }
    openStream();
  }

  function stop() {
    stopped = true;
    source?.close();
    source = null;
    if (reconnectTimer !== null) deps.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    if (sendTimer !== null) deps.clearTimeout(sendTimer);
    sendTimer = null;
    for (const timer of stampTimers) deps.clearTimeout(timer);
    stampTimers.clear();
  }

  /* ---------- Chips and bets ---------- */

  const selectChip = (chip: number) => {
    if ($live.get().limits.chips.includes(chip)) patch({ chip });
  };

  /** Chips go out this long after the last one is put down (a few quick clicks travel as one bet). */
  let sendTimer: unknown = null;
  const scheduleSend = () => {
    if (sendTimer !== null) deps.clearTimeout(sendTimer);
    sendTimer = deps.setTimeout(() => {
      sendTimer = null;
      void placeBets();
    }, AUTO_SEND_MS);
  };

  /** Puts the chosen chip on a spot; the chips on the table are sent AUTO_SEND_MS after the last one. */
  function addChip(spot: string) {
    const { chip, pending, mine, limits, kind } = $live.get();
    if (!bettingOpen()) {
      patch({ error: 'errors:BETTING_CLOSED' });
      return;
    }
    const onSpot = (pending[spot] ?? 0) + (mine?.spots[spot] ?? 0) + chip;
    const total = sumOf(pending) + (mine?.total ?? 0) + chip;
    if (onSpot > limits.maxBet || total > limits.maxRoundTotal) {
      patch({ error: 'live:errors.limit' });
      return;
    }
    if (opposingSpots(kind, [...Object.keys(mine?.spots ?? {}), ...Object.keys(pending), spot])) {
      patch({ error: 'live:errors.opposing' });
      return;
    }
    patch({ pending: { ...pending, [spot]: (pending[spot] ?? 0) + chip }, error: null });
    scheduleSend();
  }

  /** Takes the chips not sent yet off the table. */
  function clearPending() {
    if ($live.get().placing) return;
    batch = null;
    patch({ pending: {}, error: null });
  }

  /**
   * Sends the chips on the table as one bet. The same chips sent again after a lost answer keep their
   * request id, so the server takes them once; chips put down while a bet travels go out after it.
   */
  async function placeBets() {
    const { pending, placing } = $live.get();
    const round = currentRound();
    const bets = Object.entries(pending).map(([spot, amount]) => ({ spot, amount }));
    if (placing || bets.length === 0 || !round) return;
    if (!bettingOpen()) {
      batch = null;
      patch({ pending: {}, error: 'errors:BETTING_CLOSED' });
      return;
    }
    const key = `${round.roundId}|${JSON.stringify(bets)}`;
    if (batch?.key !== key) batch = { key, requestId: deps.uuid() };
    const { requestId } = batch;
    patch({ placing: true, error: null });
    try {
      const answer = await deps.call<z.output<typeof LiveBetResponseSchema>>(`/live/tables/${encodeURIComponent(tableId)}/bets`, {
        method: 'POST',
        body: { roundId: round.roundId, requestId, bets },
      });
      batch = null;
      // The chips put down since the bet left stay on the table, and go next.
      const now = $live.get().pending;
      const rest = Object.fromEntries(
        Object.entries(now).flatMap(([spot, amount]) => {
          const left = amount - (pending[spot] ?? 0);
          return left > 0 ? [[spot, left]] : [];
        }),
      );
      patch({ placing: false, mine: answer.mine.roundId === currentRound()?.roundId ? answer.mine : $live.get().mine, pending: rest });
      deps.showBalance(answer.balance);
      if (Object.keys(rest).length > 0) scheduleSend();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'TECHNICAL_ERROR';
      // Refused for good: a new id next time. A lost answer (no status): the same id, so a retry is not a second bet.
      if (error instanceof ApiError && error.status !== 0) batch = null;
      patch({ placing: false, error: betErrorKey(code, error), ...(code === 'BETTING_CLOSED' ? { pending: {} } : {}) });
    }
  }

  /* ---------- Stamps ---------- */

  async function sendStamp(stamp: Stamp) {
    const at = deps.now();
    if (at < $live.get().stampRestUntil) return;
    patch({ stampRestUntil: at + STAMP_INTERVAL_MS, error: null });
    try {
      await deps.call(`/live/tables/${encodeURIComponent(tableId)}/stamps`, { method: 'POST', body: { stamp } });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'TECHNICAL_ERROR';
      patch({ error: code === 'TOO_MANY_REQUESTS' ? 'live:errors.stampRest' : betErrorKey(code, error) });
    }
  }

  function setMuted(muted: boolean) {
    try {
      deps.storage?.setItem(MUTE_KEY, muted ? '1' : '0');
    } catch {
      // Storage refused (private mode): the mute holds for this page.
    }
    patch({ muted, ...(muted ? { stamps: [] } : {}) });
  }

  return { $live, start, stop, online, handle, selectChip, addChip, clearPending, placeBets, sendStamp, setMuted, bettingOpen, retry: start };
}

export type LiveTableStore = ReturnType<typeof createLiveTable>;

/** The message key (with its namespace) of a refused bet or stamp. */
export function betErrorKey(code: string, error: unknown): string {
  switch (code) {
    case 'BETTING_CLOSED':
      return 'errors:BETTING_CLOSED';
    case 'REQUEST_VALIDATION_ERROR':
      return 'live:errors.limit';
    case 'UNAUTHORIZED':
      return 'live:errors.signIn';
    default: {
      // roundErrorKeyOf answers games keys without their namespace, protection keys with it.
      const key = roundErrorKeyOf(error);
      return key.includes(':') ? key : `games:${key}`;
    }
  }
}
