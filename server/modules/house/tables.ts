import type { ColumnType, Generated } from 'kysely';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/**
 * The house game provider's tables: provably fair seeds, launch tokens, play sessions, the game
 * client's requests, rounds and each player's round counter; and the coin seamless wallet's record
 * of provider transactions and rounds.
 */
export interface HouseTables {
  fair_seeds: {
    id: Generated<number>;
    account_id: string | null;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: Generated<number>;
    created_at: Generated<Date>;
    revealed_at: Date | null;
  };
  launch_tokens: {
    token_hash: string;
    account_id: string | null;
    game_code: string;
    mode: 'real' | 'demo';
    lobby_url: string | null;
    language: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
    /** The sign-in session that launched a real game: the token dies with it. */
    sign_in_session_id: number | null;
  };
  play_sessions: {
    id: Generated<string>;
    token_hash: string;
    account_id: string | null;
    game_code: string;
    mode: 'real' | 'demo';
    demo_balance: number | null;
    demo_seed_id: number | null;
    lobby_url: string | null;
    language: string;
    created_at: Generated<Date>;
    expires_at: Date;
    /** The sign-in session that launched a real game: the play session dies with it. */
    sign_in_session_id: number | null;
  };
  /** A game client's request id in a play session, and the answer it got (a repeat gets it again). */
  house_requests: {
    play_session_id: string;
    request_id: string;
    round_id: string;
    /** The answer as sent; null for a round settled at once (its house_rounds row is the answer). */
    response: Json<unknown> | null;
    created_at: Generated<Date>;
  };
  house_rounds: {
    id: string;
    account_id: string | null;
    play_session_id: string;
    game_code: string;
    definition_hash: string;
    mode: 'real' | 'demo';
    seed_id: number;
    nonce: number;
    input: Json<unknown>;
    actions: Json<string[]>;
    stake: number;
    win: number;
    balance_after: number;
    status: 'open' | 'settled' | 'refunded';
    outcome: Json<unknown>;
    player_seq: number | null;
    created_at: Generated<Date>;
    settled_at: Date | null;
  };
  house_players: {
    account_id: string;
    rounds: number;
  };
  provider_transactions: {
    provider: string;
    tx_id: string;
    kind: 'BET' | 'WIN' | 'ROLLBACK';
    account_id: string;
    round_id: string;
    amount: number;
    ref_tx_id: string | null;
    journal_id: number | null;
    balance_after: number;
    created_at: Generated<Date>;
  };
  provider_rounds: {
    provider: string;
    round_id: string;
    account_id: string;
    status: 'open' | 'settled' | 'rolled_back';
    updated_at: Generated<Date>;
  };
}
