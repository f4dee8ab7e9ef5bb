import type { Generated } from 'kysely';

/** The shared live tables' rows (docs/decisions/0025-live-tables.md). */
export interface LiveTables {
  live_leases: { table_id: string; owner: string; lease_until: Date };
  live_chains: { id: Generated<number>; table_id: string; secret: string; terminal_hash: string; length: number; published_at: Generated<Date> };
  live_rounds: {
    id: string;
    table_id: string;
    chain_id: number;
    position: number;
    seed_hash: string;
    seed: string | null;
    status: 'betting' | 'drawing' | 'settled' | 'refunded';
    opens_at: Date;
    closes_at: Date;
    result_at: Date;
    next_at: Date;
    result: unknown | null;
    settled_at: Date | null;
  };
  live_bets: {
    id: Generated<string>;
    round_id: string;
    account_id: string;
    request_id: string;
    spots: unknown;
    amount: number;
    win: number | null;
    status: 'placed' | 'won' | 'lost' | 'refunded';
    placed_at: Date;
  };
}
