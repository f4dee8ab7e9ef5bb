import type { ColumnType } from 'kysely';
import type { RaffleWinner, TicketHolding } from '../../../contracts/raffle-draw';

type Json<T> = ColumnType<T, string, string>;
type Money = ColumnType<number, number | bigint, number | bigint>;

/** A raffle's own state beside its tournament row (see the 2026-11-24T00-00_raffles migration). */
export interface RaffleTables {
  raffle_draws: {
    tournament_id: number;
    server_seed: string;
    commitment: string;
    ticket_list_hash: string | null;
    tickets: Json<TicketHolding[]> | null;
    total_tickets: Money | null;
    winners: Json<RaffleWinner[]> | null;
    drawn_at: Date | null;
  };
  raffle_entries: {
    tournament_id: number;
    account_id: string;
    holder: string;
    tickets: Money;
    prize: ColumnType<number, number | undefined, number>;
  };
}
