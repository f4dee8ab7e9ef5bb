import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { BaccaratDefinition } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { BACCARAT_SIDES, baccaratPoints, baccaratTotal, createBaccaratTable } from '../../../stores/baccarat';
import { dealStepMs } from '../../../stores/dealing';
import { ChipPicker, ErrorLine, Hand, PlayingCard, TableChip } from './common';
import { SoundToggle, useTableSounds } from './sound';
import { formatCoins } from '../../../lib/formatCoins';
import 'virtual:strings?games.baccarat,games.cards,games.roulette';

/** Time between two cards coming out of the shoe. */
const DEAL_MS = 520;

/**
 * Punto banco: put chips on Player, Banker or Tie, deal, and the cards come one at a time as the
 * third-card rules play out. Repeat puts the last coup's bets back. The round's state machine is
 * src/stores/baccarat.ts; this view draws it.
 */
export default function BaccaratGame({ lang, definition }: { lang: Language; definition: BaccaratDefinition }) {
  const t = useT(lang, 'games');
  const house = useStore($house);
  const [table] = useState(() => createBaccaratTable(definition, playHouseRoundHeld, { stepMs: () => dealStepMs(DEAL_MS) }));
  useEffect(() => () => table.dispose(), [table]);
  const { phase, chip, bets, lastBets, round, shown, error } = useStore(table.$table);
  const busy = phase === 'requesting' || phase === 'dealing';
  const total = baccaratTotal(bets);
  const outcome = round?.outcome;
  const playerCards = outcome?.playerCards.slice(0, shown.player) ?? [];
  const bankerCards = outcome?.bankerCards.slice(0, shown.banker) ?? [];
  const settled = phase === 'settled' && round;
  useTableSounds({ cards: shown.player + shown.banker, stake: total, settledWin: settled ? round.win : null });

  return (
    <div
      className="flex w-full max-w-3xl flex-col items-center gap-2 rounded-2xl bg-green-900 p-2 shadow-inner sm:gap-3 sm:p-3"
      data-testid="baccarat-game"
      data-phase={phase}
    >
      <div className="grid w-full grid-cols-2 gap-2">
        <Hand fan label={t('baccarat.player')} total={playerCards.length ? String(baccaratPoints(playerCards)) : undefined}>
          {playerCards.map((card, i) => (
            <PlayingCard key={i} card={card} lang={lang} />
          ))}
        </Hand>
        <Hand fan label={t('baccarat.banker')} total={bankerCards.length ? String(baccaratPoints(bankerCards)) : undefined}>
          {bankerCards.map((card, i) => (
            <PlayingCard key={i} card={card} lang={lang} />
          ))}
        </Hand>
      </div>
      <div aria-live="polite" className="min-h-8 text-center" data-testid="baccarat-result">
        {settled && (
          <p className="text-lg font-black">
            {t(`baccarat.result.${round.outcome.result}`)}{' '}
            <span className={round.win > 0 ? 'text-gold-400' : 'text-cream/70'} data-testid="round-win">
              {round.win > 0 ? t('baccarat.paid', { amount: formatCoins(round.win, lang) }) : t('baccarat.noWin')}
            </span>
          </p>
        )}
      </div>
      <div role="group" aria-label={t('baccarat.table')} className="grid w-full grid-cols-3 gap-2">
        {BACCARAT_SIDES.map((side) => (
          <button
            key={side}
            type="button"
            onClick={() => table.place(side)}
            disabled={busy}
            data-bet={side}
            aria-label={`${t(`baccarat.bet.${side}`)}${bets[side] ? `, ${t('roulette.onIt', { amount: formatCoins(bets[side], lang) })}` : ''}`}
            className={`relative flex min-h-16 flex-col items-center justify-center rounded-xl border-2 p-2 font-bold hover:brightness-125 short:min-h-12 ${
              side === 'player' ? 'border-blue-400 bg-blue-900' : side === 'banker' ? 'border-red-400 bg-red-900' : 'border-green-400 bg-green-800'
            } ${settled && round.outcome.result === side ? 'ring-4 ring-gold-400' : ''}`}
          >
            <span>{t(`baccarat.bet.${side}`)}</span>
            <span className="text-xs font-normal">{t(`baccarat.pays.${side}`, { tie: definition.tiePays })}</span>
            {bets[side] > 0 && (
              <span className="absolute -top-2 right-1">
                <TableChip amount={bets[side]} lang={lang} small />
              </span>
            )}
          </button>
        ))}
      </div>
      {/* Pinned to the frame's bottom edge on a short frame, so Deal and the messages are always on screen. */}
      <div className="sticky bottom-0 z-20 flex w-full flex-col items-center gap-1 rounded-lg bg-green-900 py-1 shadow-[0_-4px_12px_rgba(0,0,0,0.4)]">
        <div className="flex flex-wrap items-center justify-center gap-x-3">
          <p className="text-xs sm:text-sm" data-testid="baccarat-total">
            {t('roulette.totalBet', { amount: formatCoins(total, lang) })} ·{' '}
            {t('house.limits', { min: formatCoins(definition.minBet, lang), max: formatCoins(definition.maxBet, lang) })}
          </p>
          <SoundToggle lang={lang} />
        </div>
        <ErrorLine lang={lang} messageKey={error ?? (total > house.balance ? 'house.error.insufficient' : null)} compact />
        <div className="flex w-full flex-wrap items-center justify-center gap-2">
          <ChipPicker lang={lang} chips={definition.chips} value={chip} onChange={table.selectChip} />
          <div className="flex flex-wrap justify-center gap-1.5">
            <button type="button" className="btn-ghost px-3" onClick={table.clear} disabled={busy || total === 0}>
              {t('roulette.clear')}
            </button>
            <button type="button" className="btn-ghost px-3" onClick={table.rebet} disabled={busy || !lastBets || total > 0} data-testid="baccarat-rebet">
              {t('roulette.rebet')}
            </button>
            <button
              type="button"
              className="btn-gold min-w-28"
              onClick={() => void table.deal()}
              disabled={busy || total === 0 || total > house.balance}
              data-testid="deal"
            >
              {t('baccarat.deal')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
