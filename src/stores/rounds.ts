import type { BetHistoryResponseSchema, VerifyRoundResponseSchema } from '../../contracts/games';
import type { Language } from '../../contracts/constants';
import { apiCall } from '../lib/api';

/**
 * The site's reads of played rounds, kept apart from the game frame's store (gamesHouse.ts): the bet
 * history page and the fairness verifier load these two calls without the frame's store, its games'
 * shared parts and their strings.
 */

/** A round's verification record; anyone holding the round id may check it (game titles in `lang`). */
export const fetchRoundVerification = (roundId: string, lang: Language) =>
  apiCall<typeof VerifyRoundResponseSchema>(`/house/rounds/${encodeURIComponent(roundId)}/verify`, { query: { languageCode: lang }, isQuery: true });

export const fetchBetHistory = (page: number, lang: Language) =>
  apiCall<typeof BetHistoryResponseSchema>('/get-bet-history', { query: { page, languageCode: lang }, isQuery: true });
