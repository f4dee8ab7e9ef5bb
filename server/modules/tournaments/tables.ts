import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Money = ColumnType<number, number | bigint, number | bigint>;

/** A prize of a tournament: raffles draw `count` winners of `amount` coins each; races pay by rank (`rank` 1 = first). */
export interface TournamentPrize {
  amount: number;
  count?: number;
  rank?: number;
}

/**
 * Tournaments (spec section 3): raffles (kind RAFFLE) and leaderboard races (kind RACE) share the
 * tournament entity, its translations and its games. Kind-specific state lives in each module's own
 * tables (server/modules/raffle, server/modules/tournaments).
 */
export interface TournamentTables {
  tournaments: {
    id: Generated<number>;
    ref: string;
    kind: 'RAFFLE' | 'RACE';
    status: 'DRAFT' | 'SCHEDULED' | 'ACTIVE' | 'CLOSED' | 'DRAWN' | 'CANCELLED';
    /** The operator account whose CDN folder holds the banner (spec: raffleMetaData.account.accountRef). */
    account_ref: string;
    base_currency: Generated<string>;
    start_at: Date;
    end_at: Date;
    /** Raffles: when the winners are drawn. */
    draw_at: Date | null;
    /** Raffles: coins wagered per ticket. */
    wager_per_entry: Money | null;
    /** Races: how points are counted. */
    metric: 'WAGERED' | 'BEST_MULTIPLIER' | null;
    banner_file_name: string | null;
    brands: Json<string[]>;
    prizes: Json<TournamentPrize[]>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  tournament_translations: {
    tournament_id: number;
    language_code: string;
    language_display_name: string;
    title: string;
    description: Generated<string>;
    terms_and_conditions: Generated<string>;
    /** Order of the translations (the first is the fallback). */
    position: Generated<number>;
  };
  tournament_games: {
    id: Generated<number>;
    tournament_id: number;
    game_code: string;
    is_enabled: Generated<boolean>;
    icon_file_name: string | null;
  };
}

/** Leaderboard races: the final standings, written once when the race is paid (server/modules/tournaments/races.ts). */
export interface RaceTables {
  race_results: {
    tournament_id: number;
    rank: number;
    account_id: string;
    /** numeric: read back as a string. */
    points: ColumnType<string, number | string, number | string>;
    reached_at: Date;
    prize: Money | null;
    journal_id: number | null;
  };
}
