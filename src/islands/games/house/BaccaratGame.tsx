import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { BaccaratBet, BaccaratDefinition, RoundOutcome } from '../../../../contracts/games';
import { baccaratOpposingBets } from '../../../../contracts/house/baccarat';
import { useT } from '../../../lib/useT';
import { $house, $houseBusy, playHouseRound } from '../../../stores/gamesHouse';
import { ChipPicker, ErrorLine, Hand, PlayingCard, roundErrorKey } from './common';
import { formatCoins } from '../../../lib/formatCoins';
import 'virtual:strings?games.baccarat,games.cards,games.roulette';

type BaccaratOutcome = Extract<RoundOutcome, { kind: 'baccarat' }>;
type Side = BaccaratBet['type'];
const SIDES: Side[] = ['player', 'tie', 'banker'];

/** Punto banco: put chips on Player, Banker or Tie, deal, and the third-card rules play out. */
export default function BaccaratGame({ lang, definition }: { lang: Language; definition: BaccaratDefinition }) {
  const t = useT(lang, 'games');
  const busy = useStore($houseBusy);
  const house = useStore($house);
  const [chip, setChip] = useState(definition.chips[0]);
  const [bets, setBets] = useState<Record<Side, number>>({ player: 0, banker: 0, tie: 0 });
  const [last, setLast] = useState<{ outcome: BaccaratOutcome; win: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const total = bets.player + bets.banker + bets.tie;

  const place = (side: Side) => {
    if (busy) return;
    if (bets[side] + chip > definition.maxBet) {
      setError('roulette.limit');
      return;
    }
    // The table refuses player and banker in one round (OPPOSING_BETS): say so before the deal.
    if (baccaratOpposingBets([...SIDES.filter((s) => bets[s] > 0), side])) {
      setError('house.error.opposing');
      return;
    }
    setError(null);
    setBets({ ...bets, [side]: bets[side] + chip });
  };

  const deal = async () => {
    if (busy || total === 0) return;
    const placed = SIDES.filter((side) => bets[side] > 0).map((side) => ({ type: side, amount: bets[side] }));
    if (placed.some((b) => b.amount < definition.minBet)) {
      setError('roulette.belowMin');
      return;
    }
    setError(null);
    try {
      const response = await playHouseRound({ kind: 'baccarat', bets: placed });
      if (response.outcome.kind !== 'baccarat') throw new Error('unexpected outcome');
      setLast({ outcome: response.outcome, win: response.win });
      setBets({ player: 0, banker: 0, tie: 0 });
    } catch (err) {
      setError(roundErrorKey(err));
    }
  };

  const outcome = last?.outcome;
  return (
    <div className="flex w-full max-w-3xl flex-col items-center gap-2 rounded-2xl bg-green-900 p-2 shadow-inner sm:gap-3 sm:p-3" data-testid="baccarat-game">
      <div className="flex w-full flex-wrap justify-around gap-2">
        <Hand label={t('baccarat.player')} total={outcome ? String(outcome.playerTotal) : undefined}>
          {outcome?.playerCards.map((card, i) => <PlayingCard key={i} card={card} lang={lang} />)}
        </Hand>
        <Hand label={t('baccarat.banker')} total={outcome ? String(outcome.bankerTotal) : undefined}>
          {outcome?.bankerCards.map((card, i) => <PlayingCard key={i} card={card} lang={lang} />)}
        </Hand>
      </div>
      <div aria-live="polite" className="min-h-8 text-center" data-testid="baccarat-result">
        {last && (
          <p className="text-lg font-black">
            {t(`baccarat.result.${last.outcome.result}`)}{' '}
            <span className={last.win > 0 ? 'text-gold-400' : 'text-cream/70'} data-testid="round-win">
              {last.win > 0 ? t('baccarat.paid', { amount: formatCoins(last.win, lang) }) : t('baccarat.noWin')}
            </span>
          </p>
        )}
      </div>
      <div role="group" aria-label={t('baccarat.table')} className="grid w-full grid-cols-3 gap-2">
        {SIDES.map((side) => (
          <button
            key={side}
            type="button"
            onClick={() => place(side)}
            disabled={busy}
            data-bet={side}
            aria-label={`${t(`baccarat.bet.${side}`)}${bets[side] ? `, ${t('roulette.onIt', { amount: formatCoins(bets[side], lang) })}` : ''}`}
            className={`flex min-h-14 flex-col items-center justify-center rounded-xl border-2 p-2 font-bold hover:brightness-125 ${
              side === 'player' ? 'border-blue-400 bg-blue-900' : side === 'banker' ? 'border-red-400 bg-red-900' : 'border-green-400 bg-green-800'
            } ${outcome?.result === side ? 'ring-4 ring-gold-400' : ''}`}
          >
            <span>{t(`baccarat.bet.${side}`)}</span>
            <span className="text-xs font-normal">{t(`baccarat.pays.${side}`, { tie: definition.tiePays })}</span>
            {bets[side] > 0 && <span aria-hidden="true" className="mt-1 rounded-full bg-gold-500 px-2 text-xs text-brown-950">{formatCoins(bets[side], lang)}</span>}
          </button>
        ))}
      </div>
      <p className="text-xs sm:text-sm">
        {t('roulette.totalBet', { amount: formatCoins(total, lang) })} · {t('house.limits', { min: formatCoins(definition.minBet, lang), max: formatCoins(definition.maxBet, lang) })}
      </p>
      <ErrorLine lang={lang} messageKey={error ?? (total > house.balance ? 'house.error.insufficient' : null)} />
      {/* Pinned to the frame's bottom edge on a short frame, so Deal is always on screen. */}
      <div className="sticky bottom-0 z-20 flex w-full flex-wrap items-center justify-center gap-2 rounded-lg bg-green-900/95 py-1">
        <ChipPicker lang={lang} chips={definition.chips} value={chip} onChange={setChip} />
        <button type="button" className="btn-ghost" onClick={() => setBets({ player: 0, banker: 0, tie: 0 })} disabled={busy || total === 0}>
          {t('roulette.clear')}
        </button>
        <button type="button" className="btn-gold min-w-28" onClick={() => void deal()} disabled={busy || total === 0 || total > house.balance} data-testid="deal">
          {t('baccarat.deal')}
        </button>
      </div>
    </div>
  );
}
