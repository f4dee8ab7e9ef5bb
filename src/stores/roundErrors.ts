import { ApiError } from '../lib/api';

/** The key of the message to show for a failed round: our own wording for the common cases. */
export function roundErrorKeyOf(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'TECHNICAL_ERROR';
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'house.error.insufficient';
    case 'UNAUTHORIZED':
    case 'GAME_SESSION_EXPIRED':
      return 'house.error.sessionEnded';
    case 'MAINTENANCE':
      return 'house.error.maintenance';
    case 'REQUEST_VALIDATION_ERROR':
      return 'house.error.invalidBet';
    case 'OPPOSING_BETS':
      return 'house.error.opposing';
    case 'PHONE_NUMBER_NOT_VERIFIED':
      return 'house.error.phoneNotVerified';
    case 'TOO_MANY_REQUESTS':
      return 'house.error.tooFast';
    // Player protection (the settings page says until when).
    case 'PLAY_BREAK_ACTIVE':
      return 'protection:roundBreak';
    case 'SELF_EXCLUDED':
      return 'protection:roundExcluded';
    case 'PLAY_LIMIT_REACHED':
      return 'protection:roundLimit';
    default:
      return 'house.error.failed';
  }
}
