import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { BlackjackAction, BlackjackDefinition, HouseSessionResponse } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { blackjackHands, createBlackjackTable } from '../../../stores/blackjack';
import { dealStepMs } from '../../../stores/dealing';
import { ChipPicker, ErrorLine, Hand, PlayingCard, TableChip } from './common';
import { SoundToggle, useTableSounds } from './sound';
import { formatCoins } from '../../../lib/formatCoins';
import 'virtual:strings?games.blackjack,games.cards';

const ACTION_KEYS: Record<string, BlackjackAction> = { h: 'hit', s: 'stand', d: 'double' };
/** Time between two cards coming out of the shoe. */
const DEAL_MS = 420;

/**
 * Blackjack against the dealer (3:2, double on the first two cards). Deal, then Hit / Stand /
 * Double as the server allows; keys H, S and D work too. An open hand from an earlier visit resumes.
 * The round's state machine is src/stores/blackjack.ts; this view draws it.
 */
export default function BlackjackGame({
  lang,
  definition,
  openRound,
}: {
  lang: Language;
  definition: BlackjackDefinition;
  openRound: HouseSessionResponse['openRound'];
}) {
  const t = useT(lang, 'games');
  const house = useStore($house);
  const [table] = useState(() => createBlackjackTable(definition, playHouseRoundHeld, { stepMs: () => dealStepMs(DEAL_MS), resumed: openRound }));
  useEffect(() => () => table.dispose(), [table]);
  const { phase, chip, bet, round, shown, error } = useStore(table.$table);
  const busy = phase === 'requesting' || phase === 'dealing';
  const open = phase === 'playing' || (round !== null && round.outcome.result === null);
  const act = (action: BlackjackAction) => void table.act(action);
  const deal = () => void table.deal();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // Not while typing, nor while a dialog (the reality check, the paytable) is over the table.
      if (target.closest('input, select, textarea, [aria-modal="true"]')) return;
      const action = ACTION_KEYS[event.key.toLowerCase()];
      if (action && phase === 'playing') {
        event.preventDefault();
        act(action);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const outcome = round?.outcome;
  const settled = phase === 'settled';
  const resultKey = settled && outcome?.result ? `blackjack.result.${outcome.result}` : null;
  // Totals count the cards on the table (the hole card only once it is turned).
  const { playerCards, dealerCards, playerTotal, dealerTotal } = blackjackHands(outcome, shown, settled);
  useTableSounds({ cards: shown.player + shown.dealer, stake: round && !settled ? round.stake : bet, settledWin: settled && round ? round.win : null });

  return (
    <div
      className="flex w-full max-w-2xl flex-col items-center gap-2 rounded-2xl bg-green-900 p-2 shadow-inner sm:gap-3 sm:p-3"
      data-testid="blackjack-game"
      data-phase={phase}
    >
      <Hand label={t('blackjack.dealer')} total={dealerTotal}>
        {dealerCards.map((card, i) => (
          <PlayingCard key={i} card={card} lang={lang} flipped={i === 1} />
        ))}
        {shown.hole && shown.dealer === 1 && <PlayingCard key="hole" lang={lang} hidden />}
      </Hand>
      <div aria-live="polite" className="min-h-8 text-center" data-testid="blackjack-result">
        {resultKey && round && (
          <p className={`text-lg font-black ${round.win > 0 ? 'text-gold-400' : ''}`}>
            {t(resultKey)} {round.win > 0 && <span data-testid="round-win">{t('blackjack.paid', { amount: formatCoins(round.win, lang) })}</span>}
          </p>
        )}
      </div>
      <Hand label={t('blackjack.player')} total={playerTotal}>
        {playerCards.map((card, i) => (
          <PlayingCard key={i} card={card} lang={lang} />
        ))}
      </Hand>
      {/* The betting spot: the chips of the bet (or of the hand in play) lie in it. */}
      <div className="flex items-center gap-2 text-sm">
        <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full border-2 border-cream/40 short:h-10 short:w-10">
          <TableChip amount={round && !settled ? round.stake : bet} lang={lang} />
        </span>
        <span data-testid="bj-stake">{t('blackjack.stake', { amount: formatCoins(round && !settled ? round.stake : bet, lang) })}</span>
        <SoundToggle lang={lang} />
      </div>
      <ErrorLine lang={lang} messageKey={error} />

      {/* The actions stay pinned to the frame's bottom edge on a short frame. */}
      {open ? (
        <div className="sticky bottom-0 z-20 flex w-full flex-wrap justify-center gap-2 rounded-lg bg-green-900 py-1 shadow-[0_-4px_12px_rgba(0,0,0,0.4)]">
          {(['hit', 'stand', 'double'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'stand' ? 'btn-gold min-w-24' : 'btn-ghost min-w-24'}
              disabled={phase !== 'playing' || !outcome?.allowed.includes(action)}
              onClick={() => act(action)}
              aria-keyshortcuts={action[0].toUpperCase()}
              data-testid={`bj-${action}`}
            >
              {t(`blackjack.${action}`)}
            </button>
          ))}
        </div>
      ) : (
        <div className="sticky bottom-0 z-20 flex w-full flex-col items-center gap-2 rounded-lg bg-green-900 py-1 shadow-[0_-4px_12px_rgba(0,0,0,0.4)]">
          <ChipPicker lang={lang} chips={definition.chips} value={chip} onChange={table.selectChip} />
          <div className="flex flex-wrap items-center justify-center gap-2">
            <button type="button" className="btn-ghost" onClick={table.addChip} disabled={busy || bet + chip > definition.maxBet}>
              {t('blackjack.addChip', { amount: formatCoins(chip, lang) })}
            </button>
            <button type="button" className="btn-ghost" onClick={table.resetBet} disabled={busy}>
              {t('blackjack.resetBet')}
            </button>
            <p className="rounded bg-brown-950/70 px-3 py-2 text-sm font-bold" data-testid="bj-bet" aria-live="polite">
              {t('blackjack.bet', { amount: formatCoins(bet, lang) })}
            </p>
            <button type="button" className="btn-gold min-w-28" onClick={deal} disabled={busy || bet > house.balance} data-testid="deal">
              {t('blackjack.deal')}
            </button>
          </div>
        </div>
      )}
      {!open && (
        <p className="text-center text-xs text-cream/70">
          {t('house.limits', { min: formatCoins(definition.minBet, lang), max: formatCoins(definition.maxBet, lang) })} ·{' '}
          {t(definition.dealerHitsSoft17 ? 'blackjack.h17' : 'blackjack.s17')}
        </p>
      )}
    </div>
  );
}
