import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_TABLE_IDS } from '../../../contracts/live-tables';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { memoryBroker, redisBroker, type LiveBroker } from './broker';
import { LiveHub } from './hub';
import { LiveRunner } from './runner';
import { loadTableState } from './state';

/** The shared live tables of one server: its watchers (hub), the stream between instances (broker), the clocks (runner). */
export interface Live {
  readonly instanceId: string;
  readonly hub: LiveHub;
  readonly broker: LiveBroker;
  readonly runner: LiveRunner;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createLive(config: Config, db: Db, log: FastifyBaseLogger): Live {
  const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const hub = new LiveHub(LIVE_TABLE_IDS, { perAddress: config.LIVE_STREAMS_PER_ADDRESS, perAccount: config.LIVE_STREAMS_PER_ACCOUNT });
  const broker = config.REDIS_URL ? redisBroker(config.REDIS_URL, instanceId, config.LIVE_STREAM_PREFIX) : memoryBroker((t) => hub.watching(t));
  const runner = new LiveRunner(db, broker, hub, instanceId, log, config.LIVE_FAST);
  let started = false;
  return {
    instanceId,
    hub,
    broker,
    runner,
    async start() {
      await hub.start(broker, (t) => loadTableState(db, t));
      if (config.LIVE_CLOCK) runner.start();
      started = true;
    },
    async stop() {
      if (started) await runner.stop();
      hub.close();
      await broker.close();
    },
  };
}
