import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { FairnessState, SeedResponse } from '../../../contracts/games';
import { serverSeedHash } from '../../../contracts/fairness';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { findPlaySession } from './play-session';
import type { HouseTables } from './tables';
import { clock } from '../../clock';

/** Provably fair seed pairs: one active pair per account (real play), one per demo session. */
export type SeedRow = Pick<Selectable<HouseTables['fair_seeds']>, 'id' | 'server_seed' | 'server_seed_hash' | 'client_seed' | 'nonce'>;

const newServerSeed = () => randomBytes(32).toString('hex');
export const newClientSeed = () => randomBytes(8).toString('hex');

export const fairnessOf = (seed: Pick<SeedRow, 'server_seed_hash' | 'client_seed' | 'nonce'>): FairnessState => ({
  serverSeedHash: seed.server_seed_hash,
  clientSeed: seed.client_seed,
  nonce: seed.nonce,
});

export async function insertSeed(db: DbOrTrx, accountId: string | null, clientSeed: string): Promise<SeedRow> {
  const serverSeed = newServerSeed();
  return db
    .insertInto('fair_seeds')
    .values({ account_id: accountId, server_seed: serverSeed, server_seed_hash: serverSeedHash(serverSeed), client_seed: clientSeed })
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .executeTakeFirstOrThrow();
}

/** The account's active seed pair, created on first play (one per account: a partial unique index). */
export async function activeSeed(db: DbOrTrx, accountId: string): Promise<SeedRow> {
  const find = () =>
    db
      .selectFrom('fair_seeds')
      .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
      .where('account_id', '=', accountId)
      .where('revealed_at', 'is', null)
      .executeTakeFirst();
  const found = await find();
  if (found) return found;
  const serverSeed = newServerSeed();
  await sql`insert into fair_seeds (account_id, server_seed, server_seed_hash, client_seed)
            values (${accountId}, ${serverSeed}, ${serverSeedHash(serverSeed)}, ${newClientSeed()})
            on conflict (account_id) where revealed_at is null and account_id is not null do nothing`.execute(db);
  return (await find())!;
}

/** POST /house/seed: reveals the current server seed, commits a new one, nonce back to 0. */
export async function rotateSeed(db: Db, sessionToken: string, clientSeed?: string): Promise<SeedResponse> {
  const session = await findPlaySession(db, sessionToken);
  return db.transaction().execute(async (trx) => {
    if (session.mode === 'real') await activeSeed(trx, session.account_id!);
    let current = trx.selectFrom('fair_seeds').select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce']).where('revealed_at', 'is', null);
    current = session.mode === 'real' ? current.where('account_id', '=', session.account_id) : current.where('id', '=', session.demo_seed_id!);
    const seed = await current.forUpdate().executeTakeFirst();
    if (!seed) throw new AppError('GAME_SESSION_EXPIRED', 'The seed pair is gone');
    const open = await trx.selectFrom('house_rounds').select('id').where('seed_id', '=', seed.id).where('status', '=', 'open').executeTakeFirst();
    // Revealing the seed of an unfinished hand would show the cards still to come.
    if (open) throw new AppError('REQUEST_VALIDATION_ERROR', 'Finish the open hand before changing seeds');
    await trx.updateTable('fair_seeds').set({ revealed_at: clock.now() }).where('id', '=', seed.id).execute();
    const next = await insertSeed(trx, session.account_id, clientSeed ?? seed.client_seed);
    if (session.mode === 'demo') await trx.updateTable('play_sessions').set({ demo_seed_id: next.id }).where('id', '=', session.id).execute();
    return {
      fairness: fairnessOf(next),
      revealed: { serverSeed: seed.server_seed, serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, lastNonce: seed.nonce - 1 },
    };
  });
}
