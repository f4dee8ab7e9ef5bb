import type { Db } from '../../db';
import type { ChangeChannel } from '../../db/notifications';
import { forgetAllPlayers, forgetPlayer } from './gate';
import { CONTROLS_CHANGED_CHANNEL } from './service';

/**
 * With several servers on one PostgreSQL (docs/decisions/0008): every change of a player's controls
 * sends a notification when it commits (service.ts), and each server drops that player's entry from
 * its hot-path cache (gate.ts), so a limit set on one server applies on the others within the
 * notification's delay, not REFRESH_MS. Notices sent while a server was not listening are lost: it
 * drops the whole cache when it starts or stops listening (entries are then read again at most
 * REFRESH_MS later in any case).
 */
export const controlChanges = (db: Db): ChangeChannel => ({
  name: CONTROLS_CHANGED_CHANNEL,
  changed: (accountId) => forgetPlayer(db, accountId),
  listening: () => forgetAllPlayers(db),
});
