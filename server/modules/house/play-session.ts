import { toLanguage } from '../../../contracts/languages';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Language } from '../../../contracts/constants';
import { AppError } from '../../errors';
import { hashToken } from '../../plugins/session';
import type { DbOrTrx } from '../../db';
import type { HouseTables } from './tables';
import { clock } from '../../clock';

/**
 * Play sessions: what a launch token is exchanged for, and what every round names. A real play
 * session lives while its sign-in session does: sign-out, a password change or reset and account
 * deletion end it (the next call answers 401); every session ends after 12 hours.
 */
export type PlaySession = Pick<
  Selectable<HouseTables['play_sessions']>,
  'id' | 'account_id' | 'game_code' | 'mode' | 'demo_balance' | 'demo_seed_id' | 'lobby_url' | 'language'
>;

/**
 * SQL condition on the play session `s`: it is a demo, or the sign-in session that launched it is
 * still live and its account not deleted. Every statement that plays a round checks it.
 */
export const signedInOrDemo = (now: Date | RawBuilder<unknown>) => sql<boolean>`(s.mode = 'demo' or exists (
    select 1 from sessions si join accounts ai on ai.id = si.account_id
    where si.id = s.sign_in_session_id and si.revoked_at is null and si.expires_at > ${now} and ai.deleted_at is null))`;

/** A stored language code as a site language (the default one when unknown). */
export const asLanguage = (value: string): Language => toLanguage(value);

/**
 * The live play session and its game in one round trip, or the refusal that explains why not:
 * GAME_SESSION_EXPIRED (unknown or past 12 h), UNAUTHORIZED (its sign-in session ended),
 * GAME_NOT_AVAILABLE (the game was disabled).
 */
export async function liveSession(db: DbOrTrx, tokenHash: string, now: Date) {
  const { rows } = await sql<PlaySession & { is_enabled: boolean | null; definition_hash: string | null; signed_in: boolean }>`
    select s.id, s.account_id, s.game_code, s.mode, s.demo_balance, s.demo_seed_id, s.lobby_url, s.language,
           g.is_enabled, g.definition_hash, ${signedInOrDemo(now)} as signed_in
    from play_sessions s left join games g on g.code = s.game_code
    where s.token_hash = ${tokenHash} and s.expires_at > ${now}`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('GAME_SESSION_EXPIRED', 'Unknown or expired play session');
  if (!row.signed_in) throw new AppError('UNAUTHORIZED', 'The sign-in session that launched this game has ended');
  if (!row.is_enabled || !row.definition_hash) throw new AppError('GAME_NOT_AVAILABLE', 'The game is disabled');
  const { is_enabled: _enabled, definition_hash: definitionHash, signed_in: _signedIn, ...session } = row;
  const numeric = (v: number | null) => (v === null ? null : Number(v));
  return {
    session: { ...session, demo_balance: numeric(session.demo_balance), demo_seed_id: numeric(session.demo_seed_id) },
    game: { code: row.game_code, definition_hash: definitionHash },
  };
}

/** The live play session of a client's session token (see liveSession). */
export async function findPlaySession(db: DbOrTrx, token: string): Promise<PlaySession> {
  return (await liveSession(db, hashToken(token), clock.now())).session;
}
