import { createHmac } from 'node:crypto';
import type { HmacFn } from '../../../contracts/fairness';
import { coinSeamlessWallet, type SeamlessWallet } from './seamless-wallet';

/**
 * The house game provider: play sessions, provably fair rounds, seeds and verification (this
 * folder). It moves coins only through the seamless-wallet interface (bet, win, rollback), as a
 * third-party provider would. Where each concern lives: README.md beside this file.
 */
export const HOUSE_PROVIDER = 'house';
export const PLAY_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Node's HMAC (same bytes as the pure one in contracts/house/random.ts, which the tests check). */
export const nodeHmac: HmacFn = (key, message) => createHmac('sha256', key).update(message).digest();

/** The wallet the house plays against. */
export const houseWallet: SeamlessWallet = coinSeamlessWallet;
