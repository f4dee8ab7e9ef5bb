import type { NotificationKind } from '../../../contracts/progression';
import type { AppNotification, NotificationList } from '../../../contracts/progression';
import { clock } from '../../clock';
import type { DbOrTrx } from '../../db';

/**
 * What a player is told (docs/decisions/0018): raffle wins, race prizes, level-ups, completed
 * missions, tier changes and staff adjustments. The site polls GET /notifications, shows a toast for
 * each new one and a bell with the unread count.
 */

/**
 * Tells a player something, inside the caller's transaction (so the notice commits with what it
 * announces). `dedupeKey` makes it once: a repeat writes nothing. Data values are short texts or
 * numbers (amounts, levels, refs, titles). The back office calls this for staff adjustments:
 * notifyPlayer(trx, accountId, 'ADJUSTMENT', { amount, reason }, `adjust:<journal id>`).
 */
export async function notifyPlayer(
  trx: DbOrTrx,
  accountId: string,
  kind: NotificationKind,
  data: Record<string, string | number | null>,
  dedupeKey: string,
  at: Date = clock.now(),
): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({ account_id: accountId, kind, data: JSON.stringify(data), dedupe_key: dedupeKey, created_at: at, read_at: null })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

const LIST_SIZE = 30;

/** The newest notifications and the unread count. */
export async function notificationsOf(db: DbOrTrx, accountId: string): Promise<NotificationList> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'data', 'created_at', 'read_at'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(LIST_SIZE)
    .execute();
  const unread = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    unread: Number(unread.n),
    notifications: rows.map(
      (r): AppNotification => ({
        id: Number(r.id),
        kind: r.kind as NotificationKind,
        data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as AppNotification['data'],
        createdAt: r.created_at.toISOString(),
        read: r.read_at !== null,
      }),
    ),
  };
}

/** Marks the player's notifications up to id `upTo` read. */
export async function markRead(db: DbOrTrx, accountId: string, upTo: number, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ read_at: at }).where('account_id', '=', accountId).where('id', '<=', upTo).where('read_at', 'is', null).execute();
}
