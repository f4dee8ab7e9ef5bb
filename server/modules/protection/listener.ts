import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { forgetAllPlayers, forgetPlayer } from './gate';
import { CONTROLS_CHANGED_CHANNEL } from './service';

const RECONNECT_MS = 2_000;

/**
 * With several servers on one PostgreSQL (docs/decisions/0008): every change of a player's controls
 * sends a notification when it commits (service.ts), and each server listens on its own connection
 * and drops that player's entry from its hot-path cache (gate.ts), so a limit set on one server
 * applies on the others within the notification's delay, not REFRESH_MS. While the connection is
 * down notifications are lost: the whole cache is dropped when it comes back. PGlite is one
 * process, where the change itself drops the entry: nothing to listen to.
 */
export function listenForControlChanges(app: FastifyInstance) {
  const url = app.config.DATABASE_URL;
  if (!url) return;
  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const retryLater = () => {
    clearTimeout(retry);
    if (!closing) retry = setTimeout(() => void start(), RECONNECT_MS).unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = c;
    c.on('notification', (message) => {
      if (message.payload) forgetPlayer(app.db, message.payload);
    });
    c.on('error', (error) => app.log.warn({ err: { message: error.message } }, 'play controls listener: connection lost'));
    c.on('end', () => {
      if (client === c) client = null;
      forgetAllPlayers(app.db);
      retryLater();
    });
    await c.connect();
    await c.query(`listen ${CONTROLS_CHANGED_CHANNEL}`);
    // Changes made while nobody listened: read every player afresh.
    forgetAllPlayers(app.db);
  };
  const start = async () => {
    try {
      await connect();
    } catch (error) {
      app.log.warn({ err: { message: (error as Error).message } }, 'play controls listener: cannot listen; retrying');
      await client?.end().catch(() => {});
      retryLater();
    }
  };

  app.addHook('onReady', start);
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  });
}
