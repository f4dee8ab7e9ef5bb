/**
 * Why bets are refused, with the catalogue code the provider answers. Opposing bets (both sides of an
 * even-money split in one round) are refused with their own code: together they risk almost nothing
 * yet would count as wagering (raffle tickets, decisions.md).
 */
export interface BetsProblem {
  code: 'REQUEST_VALIDATION_ERROR' | 'OPPOSING_BETS';
  message: string;
}

export const invalidBets = (message: string): BetsProblem => ({ code: 'REQUEST_VALIDATION_ERROR', message });
export const opposingBets = (message: string): BetsProblem => ({ code: 'OPPOSING_BETS', message });
