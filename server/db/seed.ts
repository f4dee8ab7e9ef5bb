import type { Config } from '../config';
import type { Db } from './index';
import { seedGames } from '../modules/games';
import { seedRaffles } from '../modules/raffle';
import { clock } from '../clock';
import { seedDemoRaces } from '../modules/tournaments';

/**
 * Demo content for an empty database, run at every start (each step is idempotent).
 * Domains add their seed step here: games catalogue, promotions, raffles, demo player.
 */
export async function seedDemoContent(db: Db, _config: Config): Promise<void> {
  await seedGames(db);
  await seedRaffles(db, clock.now());
  await seedDemoRaces(db);
}
