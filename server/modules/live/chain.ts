import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db';

/**
 * Each table's seeds form a hash chain (the bustabit way, docs/decisions/0025): from a random secret
 * c0, c(i+1) = SHA-256(ci) as hex text, up to c(L), the terminal hash, published before the chain's
 * first round. The round at position k (1..L) uses c(L-k): hashing its seed k times gives the
 * terminal hash, and its commitment SHA-256(seed) is c(L-k+1), known before the round opens. A
 * chain spent, the table publishes the next one before using it.
 */
export const CHAIN_LENGTH = 10_000;

const link = (text: string) => createHash('sha256').update(text).digest('hex');

/** c0..cL of a chain (about 10 ms for 10,000 links); kept per chain by the instance that needs its seeds. */
function chainLinks(secret: string, length: number): string[] {
  const links = new Array<string>(length + 1);
  links[0] = secret;
  for (let i = 1; i <= length; i++) links[i] = link(links[i - 1]);
  return links;
}

export interface ChainRow {
  id: number;
  secret: string;
  terminal_hash: string;
  length: number;
}

const cache = new Map<number, string[]>();

/** The seed of the round at `position` (1-based) of a chain. */
export function seedAt(chain: ChainRow, position: number): string {
  if (position < 1 || position > chain.length) throw new Error(`live: position ${position} outside chain ${chain.id}`);
  let links = cache.get(chain.id);
  if (!links) {
    links = chainLinks(chain.secret, chain.length);
    if (links[chain.length] !== chain.terminal_hash) throw new Error(`live: chain ${chain.id} does not end at its terminal hash`);
    if (cache.size >= 16) cache.delete(cache.keys().next().value as number);
    cache.set(chain.id, links);
  }
  return links[chain.length - position];
}

/** SHA-256 of the seed: the round's commitment, shown while bets are open. */
export const seedHash = link;

/** The table's newest chain, or a new one when there is none or it is spent (`nextPosition` past its end). */
export async function chainFor(db: DbOrTrx, tableId: string, nextPosition: number | null): Promise<ChainRow> {
  const latest = await db
    .selectFrom('live_chains')
    .select(['id', 'secret', 'terminal_hash', 'length'])
    .where('table_id', '=', tableId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && (nextPosition === null || nextPosition <= latest.length)) return latest;
  const secret = randomBytes(32).toString('hex');
  const links = chainLinks(secret, CHAIN_LENGTH);
  const row = await db
    .insertInto('live_chains')
    .values({ table_id: tableId, secret, terminal_hash: links[CHAIN_LENGTH], length: CHAIN_LENGTH })
    .returning(['id', 'secret', 'terminal_hash', 'length'])
    .executeTakeFirstOrThrow();
  cache.set(row.id, links);
  return row;
}
