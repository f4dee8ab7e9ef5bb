import { useEffect, useRef, useState } from 'react';
import type { Language } from '../../../../contracts/constants';
import { setSfxEnabled, sfx, sfxEnabled } from '../../../lib/sfx';
import { useT } from '../../../lib/useT';

/**
 * Every house game's sound switch (docs/decisions/0017-game-art-and-slot-motion.md): off until the player turns it on, then remembered
 * on this device for every game (src/lib/sfx.ts keeps it).
 */
export function SoundToggle({ lang, testId = 'game-sound' }: { lang: Language; testId?: string }) {
  const t = useT(lang, 'games');
  const [on, setOn] = useState(sfxEnabled);
  return (
    <label className="flex cursor-pointer items-center gap-1 text-xs">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          setSfxEnabled(e.target.checked);
          setOn(e.target.checked);
        }}
        className="accent-gold-500"
        data-testid={testId}
      />
      {t('house.sound')}
    </label>
  );
}

/** Time between the clicks of the roulette wheel's pockets, slowing down as the ball settles. */
const WHEEL_TICKS_MS = [0, 90, 190, 300, 420, 560, 720, 900, 1110, 1350, 1630, 1950];

/**
 * The table games' sounds, from what their view shows: a card for each card out of the shoe, a
 * chip for each chip put on the table, the wheel's clicks while it spins, the ball dropping, and
 * the win or the loss once the round is settled. Silent while sound is off (sfx does nothing then).
 */
export function useTableSounds({
  cards = 0,
  stake,
  spinning = false,
  settledWin,
  ballDrop = false,
}: {
  cards?: number;
  stake: number;
  spinning?: boolean;
  settledWin: number | null;
  ballDrop?: boolean;
}) {
  const last = useRef({ cards, stake, settledWin });
  useEffect(() => {
    const before = last.current;
    last.current = { cards, stake, settledWin };
    if (cards > before.cards) sfx.card();
    if (stake > before.stake) sfx.chip();
    if (settledWin !== null && before.settledWin === null) {
      if (ballDrop) sfx.ballDrop();
      if (settledWin > 0) sfx.win(0);
      else sfx.lose();
    }
  }, [cards, stake, settledWin, ballDrop]);
  useEffect(() => {
    if (!spinning) return;
    const timers = WHEEL_TICKS_MS.map((ms) => setTimeout(sfx.wheelTick, ms));
    return () => timers.forEach(clearTimeout);
  }, [spinning]);
}
