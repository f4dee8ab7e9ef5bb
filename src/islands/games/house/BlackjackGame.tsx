import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { BlackjackAction, BlackjackDefinition, HouseSessionResponse, RoundOutcome } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, $houseBusy, playHouseRound } from '../../../stores/gamesHouse';
import { ChipPicker, ErrorLine, Hand, PlayingCard, roundErrorKey } from './common';
import { formatCoins } from '../../../lib/formatCoins';
import 'virtual:strings?games.blackjack,games.cards';

type BlackjackOutcome = Extract<RoundOutcome, { kind: 'blackjack' }>;
const ACTION_KEYS: Record<string, BlackjackAction> = { h: 'hit', s: 'stand', d: 'double' };

/**
 * Blackjack against the dealer (3:2, double on the first two cards). Deal, then Hit / Stand /
 * Double as the server allows; keys H, S and D work too. An open hand from an earlier visit resumes.
 */
export default function BlackjackGame({ lang, definition, openRound }: { lang: Language; definition: BlackjackDefinition; openRound: HouseSessionResponse['openRound'] }) {
  const t = useT(lang, 'games');
  const busy = useStore($houseBusy);
  const house = useStore($house);
  const resumed = openRound?.outcome.kind === 'blackjack' ? openRound : null;
  const [bet, setBet] = useState(Math.max(definition.minBet, definition.chips[0]));
  const [chip, setChip] = useState(definition.chips[0]);
  const [round, setRound] = useState<{ roundId: string; stake: number; win: number; outcome: BlackjackOutcome } | null>(
    resumed ? { roundId: resumed.roundId, stake: resumed.stake, win: 0, outcome: resumed.outcome as BlackjackOutcome } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const open = round !== null && round.outcome.result === null;

  const send = async (input: Parameters<typeof playHouseRound>[0]) => {
    setError(null);
    try {
      const response = await playHouseRound(input);
      if (response.outcome.kind !== 'blackjack') throw new Error('unexpected outcome');
      setRound({ roundId: response.roundId, stake: response.stake, win: response.win, outcome: response.outcome });
    } catch (err) {
      setError(roundErrorKey(err));
    }
  };

  const deal = () => !busy && !open && void send({ kind: 'blackjack', action: 'deal', bet });
  const act = (action: BlackjackAction) => {
    if (busy || !round || !round.outcome.allowed.includes(action)) return;
    void send({ kind: 'blackjack', action, roundId: round.roundId });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // Not while typing, nor while a dialog (the reality check) is over the table.
      if (target.closest('input, select, textarea, [aria-modal="true"]')) return;
      const action = ACTION_KEYS[event.key.toLowerCase()];
      if (action && open) {
        event.preventDefault();
        act(action);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const addChip = () => setBet((b) => Math.min(definition.maxBet, b + chip));
  const outcome = round?.outcome;
  const resultKey = outcome?.result ? `blackjack.result.${outcome.result}` : null;

  return (
    <div className="flex w-full max-w-2xl flex-col items-center gap-2 rounded-2xl bg-green-900 p-2 shadow-inner sm:gap-3 sm:p-3" data-testid="blackjack-game">
      <Hand label={t('blackjack.dealer')} total={outcome && (outcome.result !== null || outcome.dealerCards.length > 1) ? String(outcome.dealerTotal) : undefined}>
        {outcome?.dealerCards.map((card, i) => <PlayingCard key={i} card={card} lang={lang} />)}
        {outcome && outcome.result === null && outcome.dealerCards.length === 1 && <PlayingCard lang={lang} hidden />}
      </Hand>
      <div aria-live="polite" className="min-h-8 text-center" data-testid="blackjack-result">
        {resultKey && round && (
          <p className={`text-lg font-black ${round.win > 0 ? 'text-gold-400' : ''}`}>
            {t(resultKey)} {round.win > 0 && <span data-testid="round-win">{t('blackjack.paid', { amount: formatCoins(round.win, lang) })}</span>}
          </p>
        )}
      </div>
      <Hand
        label={t('blackjack.player')}
        total={outcome ? (outcome.playerSoft && outcome.playerTotal <= 21 && outcome.result === null ? `${outcome.playerTotal - 10}/${outcome.playerTotal}` : String(outcome.playerTotal)) : undefined}
      >
        {outcome?.playerCards.map((card, i) => <PlayingCard key={i} card={card} lang={lang} />)}
      </Hand>
      {round && <p className="text-sm">{t('blackjack.stake', { amount: formatCoins(round.stake, lang) })}</p>}
      <ErrorLine lang={lang} messageKey={error} />

      {/* The actions stay pinned to the frame's bottom edge on a short frame. */}
      {open ? (
        <div className="sticky bottom-0 z-20 flex w-full flex-wrap justify-center gap-2 rounded-lg bg-green-900/95 py-1">
          {(['hit', 'stand', 'double'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'stand' ? 'btn-gold min-w-24' : 'btn-ghost min-w-24'}
              disabled={busy || !outcome?.allowed.includes(action)}
              onClick={() => act(action)}
              aria-keyshortcuts={action[0].toUpperCase()}
              data-testid={`bj-${action}`}
            >
              {t(`blackjack.${action}`)}
            </button>
          ))}
        </div>
      ) : (
        <div className="sticky bottom-0 z-20 flex w-full flex-col items-center gap-2 rounded-lg bg-green-900/95 py-1">
          <ChipPicker lang={lang} chips={definition.chips} value={chip} onChange={setChip} />
          <div className="flex flex-wrap items-center justify-center gap-2">
            <button type="button" className="btn-ghost" onClick={addChip} disabled={busy || bet + chip > definition.maxBet}>
              {t('blackjack.addChip', { amount: formatCoins(chip, lang) })}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setBet(definition.minBet)} disabled={busy}>{t('blackjack.resetBet')}</button>
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
