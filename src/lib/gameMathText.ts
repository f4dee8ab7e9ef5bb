import type { GameKind } from '../../contracts/game-kinds';
import type { DefinitionOf, GameDefinition } from '../../contracts/games';
import type { TFunction } from './translate';

type T = TFunction<'common'>;

/**
 * Each kind's words on its game's fairness page (/fairness/games/<code>): how its exact figures were
 * obtained (`n`: the one number the method names) and its table rules in one line (slots: none, their
 * page shows the paytable and the reel strips). Keyed by kind so a new kind's strings are named here.
 */
const KIND_TEXT: { [K in GameKind]: { method: (t: T, n: string) => string; rules: (t: T, def: DefinitionOf<K>) => string | null } } = {
  slot: { method: (t, n) => t('games:gameMath.methods.slot', { n }), rules: () => null },
  roulette: {
    method: (t, n) => t('games:gameMath.methods.roulette', { n }),
    rules: (t, def) => t('games:gameMath.tableRules.roulette') + (def.variant === 'french' ? ` ${t('games:gameMath.tableRules.rouletteFrench')}` : ''),
  },
  baccarat: {
    method: (t, n) => t('games:gameMath.methods.baccarat', { n }),
    rules: (t, def) => t('games:gameMath.tableRules.baccarat', { decks: def.decks, tie: def.tiePays }),
  },
  blackjack: {
    method: (t, n) => t('games:gameMath.methods.blackjack', { n }),
    rules: (t, def) =>
      t('games:gameMath.tableRules.blackjack', {
        decks: def.decks,
        soft17: t(def.dealerHitsSoft17 ? 'games:gameMath.tableRules.hits' : 'games:gameMath.tableRules.stands'),
      }),
  },
};

export const kindMethodText = (t: T, kind: GameKind, n: string): string => KIND_TEXT[kind].method(t, n);

export function kindRulesText(t: T, definition: GameDefinition): string | null {
  // The definition's kind picks its text, so it takes that definition (the compiler cannot follow that across a union).
  const rules = KIND_TEXT[definition.kind].rules as (t: T, def: GameDefinition) => string | null;
  return rules(t, definition);
}
