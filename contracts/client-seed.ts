import type { FieldCheck } from './fields';

/**
 * The player's client seed (provably fair play): printable ASCII without spaces, at most
 * CLIENT_SEED_MAX characters after trimming. ClientSeedSchema (contracts/games.ts) validates it on
 * the server; the game frame checks it with checkClientSeed, in a file of its own so the frame loads
 * nothing else (tests/unit/fields.test.ts proves both agree). No zod here.
 */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]+$/;
export const CLIENT_SEED_MAX = 64;

/** `invalid` (the schema words its issues in English) or null. */
export const checkClientSeed: FieldCheck = (value) => {
  const seed = value.trim();
  return seed.length === 0 || [...seed].length > CLIENT_SEED_MAX || !CLIENT_SEED_PATTERN.test(seed) ? 'invalid' : null;
};
