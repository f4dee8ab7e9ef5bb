/**
 * Writes contracts/game-math/figures.json: each catalogue game's exact figures (contracts/game-math/,
 * decision 0020), keyed by game code with the hash of the definition they were computed from.
 * The site (fairness pages, rules overlay) and the stats endpoint read them without recomputing
 * (slots take seconds, blackjack tens of seconds); tests/unit/game-math.test.ts recomputes every
 * entry and fails when the file is stale. Run after changing catalogue.json:
 *   npx tsx scripts/game-figures.ts
 */
import { writeFileSync } from 'node:fs';
import { gameMath } from '../contracts/game-math';
import { loadCatalogue } from '../server/modules/games/catalogue';
import { definitionHash } from '../server/modules/games/service';

const figures: Record<string, unknown> = {};
for (const game of loadCatalogue()) {
  const started = Date.now();
  figures[game.gameCode] = { definitionHash: definitionHash(game.definition), ...gameMath(game.definition) };
  console.log(`${game.gameCode.padEnd(26)} ${Date.now() - started} ms`);
}
writeFileSync('contracts/game-math/figures.json', `${JSON.stringify(figures, null, 1)}\n`);
