/**
 * The shared live tables' API (docs/decisions/0025-live-tables.md): requests and answers. The tables,
 * spots, results, events and the reducer are in ./live-tables.ts (no zod, loaded by the browser).
 */
import { z } from 'zod';
import { body } from './common';
import { CardSchema } from './games';
import { LIVE_KINDS, LIVE_TABLE_IDS, STAMPS } from './live-tables';

export const LiveTableParamsSchema = z.strictObject({ tableId: z.enum(LIVE_TABLE_IDS) });
export const LiveRoundParamsSchema = z.strictObject({ roundId: z.uuid() });

export const LiveResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('roulette'), number: z.number().int().min(0).max(36), color: z.enum(['green', 'red', 'black']) }),
  z.object({
    kind: z.literal('baccarat'),
    outcome: z.enum(['player', 'banker', 'tie']),
    playerCards: z.array(CardSchema),
    bankerCards: z.array(CardSchema),
    playerTotal: z.number().int(),
    bankerTotal: z.number().int(),
  }),
]);

export const LiveRoundStateSchema = z.object({
  roundId: z.string(),
  chainId: z.number().int(),
  position: z.number().int(),
  seedHash: z.string(),
  opensAt: z.number(),
  closesAt: z.number(),
  resultAt: z.number(),
  nextAt: z.number(),
  phase: z.enum(['betting', 'drawing', 'result']),
  result: LiveResultSchema.nullable(),
  seed: z.string().nullable(),
});

const BetLineSchema = z.object({ name: z.string(), spot: z.string(), amount: z.number().int() });

export const LiveTableStateSchema = z.object({
  tableId: z.string(),
  round: LiveRoundStateSchema.nullable(),
  totals: z.record(z.string(), z.number().int()),
  players: z.number().int(),
  latest: z.array(BetLineSchema),
  history: z.array(z.object({ roundId: z.string(), result: LiveResultSchema })),
  watchers: z.number().int(),
});

export const LiveLimitsSchema = z.object({
  minBet: z.number().int(),
  maxBet: z.number().int(),
  betUnit: z.number().int(),
  maxRoundTotal: z.number().int(),
  chips: z.array(z.number().int()),
});

/** GET /live/tables: every table with what the Live Casino page shows. */
export const LiveTableSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(LIVE_KINDS),
  bettingMs: z.number().int(),
  limits: LiveLimitsSchema,
  phase: z.enum(['betting', 'drawing', 'result', 'waiting']),
  /** When the phase ends (ms since the epoch), null while the table waits for its first round. */
  phaseEndsAt: z.number().nullable(),
  watchers: z.number().int(),
  lastResults: z.array(LiveResultSchema),
});
export const LiveTablesSchema = z.object({ serverTime: z.number(), tables: z.array(LiveTableSummarySchema) });

/** A signed-in player's own bets of the current round (what they staked on each spot). */
export const MyLiveBetsSchema = z.object({ roundId: z.string(), spots: z.record(z.string(), z.number().int()), total: z.number().int() });

/** GET /live/tables/:tableId: the snapshot, the id of the last event it includes, the player's own bets. */
export const LiveSnapshotSchema = z.object({
  serverTime: z.number(),
  lastEventId: z.string(),
  limits: LiveLimitsSchema,
  kind: z.enum(LIVE_KINDS),
  bettingMs: z.number().int(),
  state: LiveTableStateSchema,
  mine: MyLiveBetsSchema.nullable(),
});

export const LIVE_MAX_SPOTS_PER_BET = 40;
export const LiveBetSpotSchema = z.strictObject({ spot: z.string().min(1).max(40), amount: z.number().int().positive().max(1_000_000) });
/** POST /live/tables/:tableId/bets: `requestId` made by the client per bet, sent again on a retry. */
export const LiveBetRequestSchema = body({
  roundId: z.uuid(),
  requestId: z.uuid(),
  bets: z.array(LiveBetSpotSchema).min(1).max(LIVE_MAX_SPOTS_PER_BET),
});
export type LiveBetRequest = z.infer<typeof LiveBetRequestSchema>;
export const LiveBetResponseSchema = z.object({ betId: z.string(), replayed: z.boolean(), balance: z.number().int(), mine: MyLiveBetsSchema });

export const LiveStampRequestSchema = body({ stamp: z.enum(STAMPS) });

/** GET /live/tables/:tableId/chain: the chains' published terminal hashes, newest first. */
export const LiveChainsSchema = z.object({
  tableId: z.string(),
  chains: z.array(z.object({ chainId: z.number().int(), terminalHash: z.string(), length: z.number().int(), publishedAt: z.string() })),
});

/** GET /live/rounds/:roundId: a round's public record. */
export const LiveRoundRecordSchema = z.object({
  roundId: z.string(),
  tableId: z.string(),
  kind: z.enum(LIVE_KINDS),
  chainId: z.number().int(),
  position: z.number().int(),
  terminalHash: z.string(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  status: z.enum(['betting', 'drawing', 'settled', 'refunded']),
  opensAt: z.string(),
  closesAt: z.string(),
  result: LiveResultSchema.nullable(),
  totals: z.record(z.string(), z.number().int()),
  bets: z.number().int(),
  players: z.number().int(),
});
export type LiveRoundRecord = z.infer<typeof LiveRoundRecordSchema>;
