import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GAME_KINDS, KIND_FAMILY, KIND_ROUNDS, kindMissing } from '../../contracts/game-kinds';
import type { GameDefinition, PlayInput } from '../../contracts/games';
import { LIVE_KINDS } from '../../contracts/live-tables';
import { loadCatalogue } from '../../server/modules/games/catalogue';
import { inputProblem } from '../../server/modules/house/rounds';

/**
 * The one list of game kinds (contracts/game-kinds.ts, docs/decisions/0028): the compiler checks the
 * per-kind Records and switches; this checks what it cannot see, the files and data a kind needs.
 */
describe('game kinds', () => {
  it('every kind has its rounds, its mission family, a fallback icon, strings and a catalogue game', () => {
    const games: { gameMath: { methods: Record<string, string> } } = JSON.parse(readFileSync(path.join(process.cwd(), 'locales', 'ja', 'games.json'), 'utf8'));
    const catalogue = loadCatalogue();
    for (const kind of GAME_KINDS) {
      expect(Object.keys(KIND_ROUNDS)).toContain(kind);
      expect(Object.keys(KIND_FAMILY)).toContain(kind);
      expect(existsSync(path.join(process.cwd(), 'public', 'games', 'icons', `${kind}.svg`)), `public/games/icons/${kind}.svg`).toBe(true);
      expect(games.gameMath.methods[kind], `games.json gameMath.methods.${kind}`).toBeTruthy();
      expect(
        catalogue.some((entry) => entry.definition.kind === kind && entry.gameType === kind),
        `a catalogue game of kind ${kind}`,
      ).toBe(true);
    }
    expect(Object.keys(KIND_ROUNDS)).toHaveLength(GAME_KINDS.length);
    expect(Object.keys(KIND_FAMILY)).toHaveLength(GAME_KINDS.length);
  });

  it('the live kinds are game kinds', () => {
    for (const kind of LIVE_KINDS) expect(GAME_KINDS).toContain(kind);
  });

  it('refuses an input of another kind, and a kind with no case fails loudly', () => {
    const roulette = loadCatalogue().find((entry) => entry.definition.kind === 'roulette')!.definition as GameDefinition;
    expect(inputProblem(roulette, { kind: 'slot', bet: 10 } as PlayInput)?.message).toMatch(/roulette game/);
    expect(() => kindMissing({ kind: 'dice' } as never)).toThrow(/dice/);
  });
});
