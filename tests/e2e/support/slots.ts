import { randomUUID } from 'node:crypto';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import type { HouseSessionResponse, SlotDefinition, SlotSpin } from '../../../contracts/games';
import { fairRandom, playRound, type PlayedRound } from '../../../contracts/fairness';
import { API, siteHeaders } from './players';

export interface OpenSlot {
  /** The play session the game's frame opened (its token). */
  session: string;
  definition: SlotDefinition;
  /** The game's frame, its Spin button ready. */
  frame: FrameLocator;
}

/** Opens a slot's launch page and answers the play session its frame opens, once it can spin. */
export async function openSlot(page: Page, url: string): Promise<OpenSlot> {
  const opened = page.waitForResponse((r) => r.url().includes(`${API}/house/session`) && r.request().method() === 'POST');
  await page.goto(url);
  const body = (await (await opened).json()) as HouseSessionResponse;
  if (body.game.definition.kind !== 'slot') throw new Error(`${url} is not a slot`);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('spin')).toBeEnabled({ timeout: 20_000 });
  return { session: body.session, definition: body.game.definition, frame };
}

/** A slot round with at least `lines` winning lines, no free spins and no scatter pay (what it lights are its lines). */
export const withLines = (lines: number) => (round: PlayedRound) =>
  round.outcome.kind === 'slot' && round.outcome.freeSpins.length === 0 && round.outcome.base.scatterWin === 0 && round.outcome.base.lineWins.length >= lines;

/** The base spin of a slot round. */
export function baseSpin(round: PlayedRound): SlotSpin {
  if (round.outcome.kind !== 'slot') throw new Error('not a slot round');
  return round.outcome.base;
}

/**
 * Brings a slot to the round a test needs, for real: reads the session's seed pair from the dev route
 * (GET /dev/house/seed, DEV_TOOLS only), computes the coming rounds at the client's first bet level
 * with the server's own engine (contracts/fairness.ts), and plays the rounds before the wanted one
 * through the API. The next spin the player makes is then that round; it is answered as computed.
 */
export async function playUpTo(page: Page, slot: OpenSlot, wanted: (round: PlayedRound) => boolean, most = 5_000): Promise<PlayedRound> {
  const res = await page.request.get(`${API}/dev/house/seed?session=${encodeURIComponent(slot.session)}`);
  expect(res.status(), 'GET /dev/house/seed exists only with DEV_TOOLS=true').toBe(200);
  const seed = (await res.json()) as { serverSeed: string; clientSeed: string; nonce: number };
  const input = { kind: 'slot' as const, bet: slot.definition.betLevels[0] };
  const at = (nonce: number) => playRound(slot.definition, fairRandom(seed.serverSeed, seed.clientSeed, nonce), input);
  let before = 0;
  while (!wanted(at(seed.nonce + before))) {
    before++;
    if (before > most) throw new Error(`no such round in the next ${most}`);
  }
  for (let i = 0; i < before; i++) {
    const played = await page.request.post(`${API}/house/play`, { headers: siteHeaders(), data: { session: slot.session, input, requestId: randomUUID() } });
    expect(played.status(), await played.text()).toBe(200);
  }
  return at(seed.nonce + before);
}
