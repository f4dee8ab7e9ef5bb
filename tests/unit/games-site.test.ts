import { describe, expect, it } from 'vitest';
import type { Game, SlotDefinition, SlotSpin } from '../../contracts/games';
import { gameCodeFromPath, gameImage, gameLaunchPath, gamesInCategory, localGameIcon } from '../../src/stores/games';
import { reelWindow } from '../../src/stores/slotRound';
import { winningCells } from '../../src/islands/games/house/SlotReels';

const game = (gameCode: string, tags: string[], extra: Partial<Game> = {}): Game => ({
  gameCode,
  title: gameCode,
  tags,
  gameType: gameCode.split('-')[0],
  orientation: 'landscape',
  isDemoAvailable: true,
  imagePath: null,
  ...extra,
});

describe('game catalogue on the site', () => {
  const games = [game('slot-a', ['FEATURED', 'SLOT']), game('roulette-b', ['LIVE']), game('slot-c', ['SLOT'])];

  it('filters a category by its upper-cased tag', () => {
    expect(gamesInCategory(games, 'slot').map((g) => g.gameCode)).toEqual(['slot-a', 'slot-c']);
    expect(gamesInCategory(games, 'Featured').map((g) => g.gameCode)).toEqual(['slot-a']);
    expect(gamesInCategory(games, 'live').map((g) => g.gameCode)).toEqual(['roulette-b']);
  });

  it('links to the launch address in each language and reads the code back from it', () => {
    expect(gameLaunchPath('slot-a', 'ja')).toBe('/game-launch/slot-a');
    expect(gameLaunchPath('slot-a', 'en')).toBe('/en/game-launch/slot-a');
    expect(gameCodeFromPath('/game-launch/slot-a')).toBe('slot-a');
    expect(gameCodeFromPath('/en/game-launch/slot-a/')).toBe('slot-a');
    expect(gameCodeFromPath('/category/slot')).toBeNull();
  });

  it('shows the image path, else a local icon chosen by the game code', () => {
    expect(gameImage(game('slot-a', [], { imagePath: '/games/art/slot-a.svg' }))).toEqual({ src: '/games/art/slot-a.svg', local: false });
    expect(gameImage(game('roulette-b', []))).toEqual({ src: '/games/icons/roulette.svg', local: true });
    expect(localGameIcon('blackjack-vip')).toBe('/games/icons/blackjack.svg');
    expect(localGameIcon('mystery', 'crash')).toBe('/games/icons/game.svg');
  });
});

describe('slot client drawing', () => {
  const definition: SlotDefinition = {
    kind: 'slot',
    rows: 3,
    reels: [
      ['A', 'B', 'C', 'S'],
      ['A', 'B', 'C', 'S'],
      ['A', 'B', 'C', 'S'],
    ],
    symbols: [],
    paylines: [
      [1, 1, 1],
      [0, 1, 2],
    ],
    freeSpins: null,
    betLevels: [2],
  };

  it('shows a reel window from its stop, wrapping round the strip', () => {
    expect(reelWindow(definition.reels[0], 0, 3)).toEqual(['A', 'B', 'C']);
    expect(reelWindow(definition.reels[0], 2, 3)).toEqual(['C', 'S', 'A']);
  });

  it('highlights the cells of line wins (left to right for the count) and scatters when they pay', () => {
    const spin: SlotSpin = {
      stops: [0, 0, 2],
      grid: [
        ['A', 'B', 'C'],
        ['A', 'B', 'C'],
        ['C', 'S', 'A'],
      ],
      lineWins: [{ line: 1, symbol: 'A', count: 2, win: 4 }],
      scatterCount: 1,
      scatterWin: 0,
      multiplier: 1,
      freeSpinsAwarded: 0,
      win: 4,
    };
    expect([...winningCells(spin, definition, new Set(['S']))].sort()).toEqual(['0:0', '1:1']);
    expect([...winningCells({ ...spin, scatterWin: 2 }, definition, new Set(['S']))].sort()).toEqual(['0:0', '1:1', '2:1']);
  });
});
