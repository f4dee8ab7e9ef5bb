import { map } from 'nanostores';
import type { LiveChainsSchema, LiveRoundRecord } from '../../contracts/live';
import { chainLink, liveResult, liveTable, seedInChain, type LiveResult } from '../../contracts/live-tables';
import type { z } from 'zod';
import { ApiError, apiCall, type CallOptions } from '../lib/api';

/**
 * Checking a live table's round in the browser: the public record and the table's published chains
 * are read, the result is computed again from the revealed seed (liveResult), the seed's hash is
 * compared with the one published when the round opened, and the seed is hashed up the chain to its
 * published terminal hash (seedInChain). Nothing is taken on the server's word but the seed itself.
 */

export type Problem =
  | { kind: 'result'; recorded: LiveResult | null; computed: LiveResult }
  | { kind: 'seedHash' }
  | { kind: 'chain' }
  | { kind: 'chainMissing' };

export type VerifyState =
  | { status: 'idle' }
  | { status: 'checking'; roundId: string }
  | { status: 'notFound' | 'failed'; roundId: string }
  | { status: 'notRevealed'; roundId: string; record: LiveRoundRecord }
  | { status: 'done'; roundId: string; record: LiveRoundRecord; computed: LiveResult; terminalHash: string | null; problems: Problem[] };

type Chains = z.output<typeof LiveChainsSchema>;

/** Two results say the same (their fields, in any order). */
export function sameResult(a: LiveResult | null, b: LiveResult): boolean {
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === 'roulette' && b.kind === 'roulette') return a.number === b.number && a.color === b.color;
  if (a.kind === 'baccarat' && b.kind === 'baccarat') {
    const cards = (cs: typeof a.playerCards) => cs.map((c) => `${c.rank}${c.suit}`).join(',');
    return (
      a.outcome === b.outcome &&
      a.playerTotal === b.playerTotal &&
      a.bankerTotal === b.bankerTotal &&
      cards(a.playerCards) === cards(b.playerCards) &&
      cards(a.bankerCards) === cards(b.bankerCards)
    );
  }
  return false;
}

/** What differs between a revealed round's record and what its seed and the published chain say. */
export function checkRound(record: LiveRoundRecord, chains: Chains | null): { computed: LiveResult; terminalHash: string | null; problems: Problem[] } {
  const def = liveTable(record.tableId);
  const seed = record.seed ?? '';
  const computed = liveResult(def ?? { kind: record.kind, rules: liveTable(record.kind === 'roulette' ? 'roulette-live' : 'baccarat-live')!.rules }, seed);
  const problems: Problem[] = [];
  if (!sameResult(record.result, computed)) problems.push({ kind: 'result', recorded: record.result, computed });
  if (chainLink(seed) !== record.seedHash) problems.push({ kind: 'seedHash' });
  const published = chains?.chains.find((c) => c.chainId === record.chainId)?.terminalHash ?? null;
  if (!published) problems.push({ kind: 'chainMissing' });
  else if (published !== record.terminalHash || !seedInChain(seed, record.position, published)) problems.push({ kind: 'chain' });
  return { computed, terminalHash: published, problems };
}

export function createLiveVerifier(call: <T>(path: string, options?: CallOptions) => Promise<T> = (p, o) => apiCall(p, o) as never) {
  const $verify = map<{ state: VerifyState }>({ state: { status: 'idle' } });
  const set = (state: VerifyState) => $verify.set({ state });

  async function verify(input: string) {
    const roundId = input.trim();
    if (!roundId) return;
    set({ status: 'checking', roundId });
    let record: LiveRoundRecord;
    try {
      record = await call<LiveRoundRecord>(`/live/rounds/${encodeURIComponent(roundId)}`, { isQuery: true });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      set({ status: status === 404 || status === 400 ? 'notFound' : 'failed', roundId });
      return;
    }
    if (!record.seed) {
      set({ status: 'notRevealed', roundId, record });
      return;
    }
    let chains: Chains | null = null;
    try {
      chains = await call<Chains>(`/live/tables/${encodeURIComponent(record.tableId)}/chain`, { isQuery: true });
    } catch {
      chains = null;
    }
    set({ status: 'done', roundId, record, ...checkRound(record, chains) });
  }

  return { $verify, verify };
}
