import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { kindMissing } from '../../../contracts/game-kinds';
import type { BaccaratDefinition, BlackjackDefinition, RouletteDefinition, SlotDefinition, VerifyRoundResponse } from '../../../contracts/games';
import { ApiError } from '../../lib/api';
import { formatCoins } from '../../lib/formatCoins';
import { verifyRoundHref } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { baccaratPoints, createBaccaratTable } from '../../stores/baccarat';
import { blackjackHands, createBlackjackTable } from '../../stores/blackjack';
import { dealStepMs } from '../../stores/dealing';
import { fetchRoundVerification } from '../../stores/rounds';
import { createRouletteTable, type HeldRound } from '../../stores/roulette';
import { createSlotRound } from '../../stores/slotRound';
import Spinner from '../Spinner';
import { Hand, PlayingCard, roundErrorKey } from './house/common';
import RouletteWheel from './house/RouletteWheel';
import SlotCelebration from './house/SlotCelebration';
import SlotReels, { useSymbolName, winsOnShow } from './house/SlotReels';
import 'virtual:strings?games.replay,games.slot,games.roulette,games.blackjack,games.baccarat,games.cards,games.history';

/** The tables' pace between two cards (BlackjackGame's and BaccaratGame's). */
const BLACKJACK_DEAL_MS = 420;
const BACCARAT_DEAL_MS = 520;
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The stored round as the game's store takes a played one: the replay "plays" by answering the
 * round the server recorded, so the same store drives the same show (reels stopping reel by reel,
 * the ball's run, the cards one at a time) onto the same symbols, pocket and cards. No balance moves.
 */
const storedPlay =
  (round: VerifyRoundResponse): HeldRound =>
  async () => ({
    result: { roundId: round.roundId, stake: round.stake, win: round.win, outcome: round.outcome },
    reveal: () => {},
  });

function SlotReplay({ lang, round, definition }: { lang: Language; round: VerifyRoundResponse; definition: SlotDefinition }) {
  const t = useT(lang, 'games');
  const name = useSymbolName(lang, definition, round.gameCode);
  const scatterIds = useMemo(() => new Set(definition.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id)), [definition]);
  const play = useMemo(() => storedPlay(round), [round]);
  const [show] = useState(() => createSlotRound({ definition, play: () => play(round.input), reducedMotion, errorKey: roundErrorKey }));
  useEffect(() => {
    const bet = round.input.kind === 'slot' ? definition.betLevels.indexOf(round.input.bet) : -1;
    if (bet >= 0) show.setBet(bet);
    void show.spin();
    return () => show.dispose();
  }, [show, round, definition]);
  const state = useStore(show.$state);
  const { lines, lit } = winsOnShow(state.shown, state.lineStep, definition, scatterIds);
  return (
    <div className="flex w-full flex-col items-center gap-2" data-testid="replay-slot" data-phase={state.phase}>
      <SlotReels
        definition={definition}
        gameCode={round.gameCode}
        grid={state.grid}
        label={t('slot.gridLabel', { symbols: state.grid.map((column) => column.map(name).join(', ')).join(' | ') })}
        lit={lit}
        lines={lines}
        spinning={state.spinning}
        stops={state.stops}
        lineAmount={(win) => formatCoins(win.win, lang)}
        className="max-w-md"
      />
      {state.celebration && <SlotCelebration lang={lang} celebration={state.celebration} />}
      <div aria-live="polite" className="min-h-7 text-center" data-testid="replay-result">
        {state.freeSpin && (
          <p className="font-bold text-gold-400">
            {t('slot.freeSpinOf', { index: state.freeSpin.index, total: state.freeSpin.total })} ·{' '}
            {t('slot.win', { amount: formatCoins(state.freeSpin.win, lang) })}
          </p>
        )}
        {state.phase === 'done' && state.roundWin !== null && (
          <p className={`text-lg font-black ${state.roundWin > 0 ? 'text-gold-400' : 'text-cream/80'}`}>
            {state.roundWin > 0 ? t('slot.win', { amount: formatCoins(state.roundWin, lang) }) : t('slot.noWin')}
          </p>
        )}
      </div>
      {(state.phase === 'spinning' || state.phase === 'free') && (
        <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={show.skip} data-testid="replay-skip">
          {t('slot.skip')}
        </button>
      )}
    </div>
  );
}

function RouletteReplay({ lang, round, definition }: { lang: Language; round: VerifyRoundResponse; definition: RouletteDefinition }) {
  const t = useT(lang, 'games');
  const [table] = useState(() => createRouletteTable(definition, storedPlay(round)));
  useEffect(() => {
    // The stored bets go back on the table and the wheel spins to the stored pocket.
    if (round.input.kind === 'roulette') table.$table.setKey('bets', round.input.bets);
    void table.spin();
  }, [table, round]);
  const { phase, target, result } = useStore(table.$table);
  return (
    <div className="flex w-full flex-col items-center gap-3" data-testid="replay-roulette" data-phase={phase}>
      <RouletteWheel
        target={target}
        shown={result?.number ?? null}
        onLanded={table.landed}
        label={result ? t('roulette.result', { number: result.number, color: t(`roulette.${result.color}`) }) : t('roulette.wheel')}
      />
      <div aria-live="polite" className="min-h-7 text-center" data-testid="replay-result">
        {result && (
          <>
            <p className="text-lg font-black">{t('roulette.result', { number: result.number, color: t(`roulette.${result.color}`) })}</p>
            <p className={result.win > 0 ? 'font-bold text-gold-400' : 'text-cream/80'}>
              {result.win > 0 ? t('slot.win', { amount: formatCoins(result.win, lang) }) : t('slot.noWin')}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

function BlackjackReplay({ lang, round, definition }: { lang: Language; round: VerifyRoundResponse; definition: BlackjackDefinition }) {
  const t = useT(lang, 'games');
  const [table] = useState(() => createBlackjackTable(definition, storedPlay(round), { stepMs: () => dealStepMs(BLACKJACK_DEAL_MS) }));
  useEffect(() => {
    void table.deal();
    return () => table.dispose();
  }, [table]);
  const { phase, round: shownRound, shown } = useStore(table.$table);
  const outcome = shownRound?.outcome;
  const settled = phase === 'settled';
  const { playerCards, dealerCards, playerTotal, dealerTotal } = blackjackHands(outcome, shown, settled);
  return (
    <div className="flex w-full flex-col items-center gap-2 rounded-2xl bg-green-900 p-3 shadow-inner" data-testid="replay-blackjack" data-phase={phase}>
      <Hand label={t('blackjack.dealer')} total={dealerTotal}>
        <span className="contents" data-testid="replay-dealer">
          {dealerCards.map((card, i) => (
            <PlayingCard key={i} card={card} lang={lang} flipped={i === 1} />
          ))}
          {shown.hole && shown.dealer === 1 && <PlayingCard key="hole" lang={lang} hidden />}
        </span>
      </Hand>
      <div aria-live="polite" className="min-h-8 text-center" data-testid="replay-result">
        {settled && outcome?.result && shownRound && (
          <p className={`text-lg font-black ${shownRound.win > 0 ? 'text-gold-400' : ''}`}>
            {t(`blackjack.result.${outcome.result}`)} {shownRound.win > 0 && t('blackjack.paid', { amount: formatCoins(shownRound.win, lang) })}
          </p>
        )}
      </div>
      <Hand label={t('blackjack.player')} total={playerTotal}>
        <span className="contents" data-testid="replay-player">
          {playerCards.map((card, i) => (
            <PlayingCard key={i} card={card} lang={lang} />
          ))}
        </span>
      </Hand>
    </div>
  );
}

function BaccaratReplay({ lang, round, definition }: { lang: Language; round: VerifyRoundResponse; definition: BaccaratDefinition }) {
  const t = useT(lang, 'games');
  const [table] = useState(() => createBaccaratTable(definition, storedPlay(round), { stepMs: () => dealStepMs(BACCARAT_DEAL_MS) }));
  useEffect(() => {
    if (round.input.kind === 'baccarat') {
      const bets = { player: 0, banker: 0, tie: 0 };
      for (const bet of round.input.bets) bets[bet.type] += bet.amount;
      table.$table.setKey('bets', bets);
    }
    void table.deal();
    return () => table.dispose();
  }, [table, round]);
  const { phase, round: shownRound, shown } = useStore(table.$table);
  const outcome = shownRound?.outcome;
  const playerCards = outcome?.playerCards.slice(0, shown.player) ?? [];
  const bankerCards = outcome?.bankerCards.slice(0, shown.banker) ?? [];
  return (
    <div className="flex w-full flex-col items-center gap-2 rounded-2xl bg-green-900 p-3 shadow-inner" data-testid="replay-baccarat" data-phase={phase}>
      <div className="flex w-full flex-wrap justify-around gap-2">
        <Hand label={t('baccarat.player')} total={playerCards.length ? String(baccaratPoints(playerCards)) : undefined}>
          <span className="contents" data-testid="replay-player">
            {playerCards.map((card, i) => (
              <PlayingCard key={i} card={card} lang={lang} />
            ))}
          </span>
        </Hand>
        <Hand label={t('baccarat.banker')} total={bankerCards.length ? String(baccaratPoints(bankerCards)) : undefined}>
          <span className="contents" data-testid="replay-banker">
            {bankerCards.map((card, i) => (
              <PlayingCard key={i} card={card} lang={lang} />
            ))}
          </span>
        </Hand>
      </div>
      <div aria-live="polite" className="min-h-8 text-center" data-testid="replay-result">
        {phase === 'settled' && outcome && shownRound && (
          <p className="text-lg font-black">
            {t(`baccarat.result.${outcome.result}`)}{' '}
            <span className={shownRound.win > 0 ? 'text-gold-400' : 'text-cream/80'}>
              {shownRound.win > 0 ? t('baccarat.paid', { amount: formatCoins(shownRound.win, lang) }) : t('baccarat.noWin')}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

function Replay({ lang, round }: { lang: Language; round: VerifyRoundResponse }) {
  const definition = round.definition;
  switch (definition.kind) {
    case 'slot':
      return <SlotReplay lang={lang} round={round} definition={definition} />;
    case 'roulette':
      return <RouletteReplay lang={lang} round={round} definition={definition} />;
    case 'blackjack':
      return <BlackjackReplay lang={lang} round={round} definition={definition} />;
    case 'baccarat':
      return <BaccaratReplay lang={lang} round={round} definition={definition} />;
    default:
      return kindMissing(definition);
  }
}

/**
 * A round of the player's bet history replayed in a modal dialog: its recorded outcome is loaded
 * (GET /house/rounds/:roundId/verify, the fairness page's record) and shown through the game's own
 * store and components, as it was played. Reduced motion shows the result at once. The dialog is a
 * native modal <dialog> (the page behind is inert; Escape closes it); Tab cycles inside it and focus
 * goes back to the Replay button on closing. It links to the round's verification.
 */
export default function RoundReplay({ lang, roundId, onClose }: { lang: Language; roundId: string; onClose: () => void }) {
  const t = useT(lang, 'games');
  const dialog = useRef<HTMLDialogElement>(null);
  const [round, setRound] = useState<VerifyRoundResponse | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // Each "Replay again" starts a fresh show (a new store) from the start.
  const [run, setRun] = useState(0);

  useEffect(() => {
    const opener = document.activeElement;
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => {
      if (el?.open) el.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  useEffect(() => {
    let live = true;
    fetchRoundVerification(roundId, lang).then(
      (loaded) => live && setRound(loaded),
      (err) => live && setFailed(err instanceof ApiError && err.code === 'NOT_FOUND' ? 'replay.notFound' : 'replay.loadFailed'),
    );
    return () => {
      live = false;
    };
  }, [roundId, lang]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="replay-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="m-auto max-h-[95svh] w-[calc(100%-1rem)] max-w-2xl overflow-y-auto rounded-xl border border-gold-600 bg-brown-900 p-0 text-cream shadow-2xl backdrop:bg-black/75"
      data-testid="replay-dialog"
      data-round-id={roundId}
    >
      <div className="flex items-center gap-2 border-b border-brown-700 px-3 py-2">
        <h2 id="replay-title" className="min-w-0 flex-1 text-base font-bold text-gold-400">
          {round ? t('replay.title', { game: round.gameTitle, round: roundId.slice(0, 8) }) : t('replay.titleLoading', { round: roundId.slice(0, 8) })}
        </h2>
        <button type="button" className="btn-ghost shrink-0 px-3 py-1 text-sm" onClick={onClose} data-testid="replay-close">
          {t('replay.close')}
        </button>
      </div>
      <div className="flex flex-col items-center gap-3 p-3">
        {!round && !failed && <Spinner lang={lang} />}
        {failed && (
          <p role="alert" className="rounded border border-red-500 bg-red-950/40 p-3">
            {t(failed)}
          </p>
        )}
        {round && <Replay key={run} lang={lang} round={round} />}
        <p className="text-center text-xs text-cream/80">{t('replay.note')}</p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          {round && (
            <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={() => setRun((n) => n + 1)} data-testid="replay-again">
              {t('replay.again')}
            </button>
          )}
          <a href={verifyRoundHref(roundId, lang)} className="text-sm text-gold-400 underline" data-testid="replay-verify">
            {t('history.verifyRound')}
          </a>
        </div>
      </div>
    </dialog>
  );
}
