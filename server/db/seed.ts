import type { Config } from '../config';
import type { Db } from './index';

/**
 * Demo content for an empty database, run at every start (each step is idempotent).
 * Domains add their seed step here: games catalogue, promotions, raffles, demo player.
 */
export async function seedDemoContent(_db: Db, _config: Config): Promise<void> {}
