import { kindMissing } from '../game-kinds';
import type { GameDefinition } from '../games';
import { slotMath } from './slot';
import { baccaratMath, blackjackMath, rouletteMath } from './tables';
import type { GameMath } from './types';

export type { BetMath, GameMath } from './types';

/**
 * A game's exact figures from its definition alone (decision 0020): independent of the engines
 * (contracts/house/) and of the catalogue generator, so the declared RTP is checked against maths
 * nothing else wrote. Zod-free (the site may import it); slots take up to a few seconds, so servers
 * cache the answer (server/modules/games/math.ts).
 */
export function gameMath(def: GameDefinition): GameMath {
  switch (def.kind) {
    case 'slot':
      return slotMath(def);
    case 'roulette':
      return rouletteMath(def);
    case 'baccarat':
      return baccaratMath(def);
    case 'blackjack':
      return blackjackMath(def);
    default:
      return kindMissing(def);
  }
}

/** The catalogue's figures as computed by scripts/game-figures.ts (checked fresh by tests/unit/game-math.test.ts). */
export type StoredFigures = GameMath & { definitionHash: string };
