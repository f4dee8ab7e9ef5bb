import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { instanceOf } from './index';

const RECONNECT_MS = 2_000;

/**
 * A channel of change notices (NOTIFY) that a server's caches follow: `changed` for each notice
 * (its payload), `listening(false)` when notices may be missed from now on (the connection is
 * lost, the server closes), `listening(true)` once they arrive again (notices sent meanwhile were
 * lost: a cache drops everything then).
 */
export interface ChangeChannel {
  name: string;
  changed: (payload: string) => void;
  listening: (on: boolean) => void;
}

/**
 * Follows the channels on the app's database from `onReady` to `onClose`. PostgreSQL: one
 * connection of its own for all channels (several servers share the database: each hears the
 * others' changes), reconnecting every RECONNECT_MS while the database is away. PGlite: the
 * embedded database's own listeners (one process: this server's changes and an operator's SQL in
 * it).
 */
export function listenForChanges(app: FastifyInstance, channels: ChangeChannel[]) {
  const { url, pglite } = instanceOf(app.db);
  const setListening = (on: boolean) => {
    for (const c of channels) c.listening(on);
  };
  const changed = (channel: ChangeChannel) => (payload: string) => {
    if (payload) channel.changed(payload);
  };

  if (pglite) {
    const stops: Array<() => Promise<void>> = [];
    app.addHook('onReady', async () => {
      for (const c of channels) stops.push(await pglite.listen(c.name, changed(c)));
      setListening(true);
    });
    app.addHook('onClose', async () => {
      setListening(false);
      if (!pglite.closed) for (const stop of stops) await stop().catch(() => {});
    });
    return;
  }
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
    const byName = new Map(channels.map((channel) => [channel.name, changed(channel)]));
    c.on('notification', (message) => byName.get(message.channel)?.(message.payload ?? ''));
    c.on('error', (error) => app.log.warn({ err: { message: error.message } }, 'change notices: connection lost'));
    c.on('end', () => {
      if (client === c) client = null;
      setListening(false);
      retryLater();
    });
    await c.connect();
    for (const channel of channels) await c.query(`listen ${pg.escapeIdentifier(channel.name)}`);
    setListening(true);
  };
  const start = async () => {
    try {
      await connect();
    } catch (error) {
      app.log.warn({ err: { message: (error as Error).message } }, 'change notices: cannot listen; retrying');
      await client?.end().catch(() => {});
      retryLater();
    }
  };

  app.addHook('onReady', start);
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    setListening(false);
    await client?.end().catch(() => {});
  });
}
