import type { Language } from '../../../contracts/constants';
import { kindMissing } from '../../../contracts/game-kinds';
import type { Card, GameDefinition, RoundOutcome, SlotDefinition, SlotSpin } from '../../../contracts/games';
import { useT } from '../../lib/useT';
import { formatCoins } from '../../lib/formatCoins';
import SlotReels, { useSymbolName, winningCells } from './house/SlotReels';
import 'virtual:strings?games.slot,games.roulette,games.baccarat,games.blackjack,games.fairnessPage';

const SUITS: Record<Card['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const cards = (hand: Card[]) => hand.map((c) => `${c.rank}${SUITS[c.suit]}`).join(' ');

/** One slot spin as the game showed it: the reels with their winning lines drawn and cells lit, and the wins in words. */
function SlotSpinView({
  lang,
  definition,
  gameCode,
  spin,
  compact,
}: {
  lang: Language;
  definition: SlotDefinition;
  gameCode?: string;
  spin: SlotSpin;
  compact?: boolean;
}) {
  const t = useT(lang, 'games');
  const name = useSymbolName(lang, definition, gameCode);
  const scatters = new Set(definition.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
  return (
    <div className="flex flex-col gap-1">
      <SlotReels
        definition={definition}
        gameCode={gameCode}
        grid={spin.grid}
        label={t('slot.gridLabel', { symbols: spin.grid.map((column) => column.map(name).join(', ')).join(' | ') })}
        lit={winningCells(spin, definition, scatters)}
        lines={spin.lineWins}
        className={compact ? 'max-w-56 border-2 p-1' : 'max-w-sm'}
        cellClassName="rounded p-[10%]"
      />
      {spin.lineWins.length > 0 && (
        <ul className="text-xs">
          {spin.lineWins.map((win) => (
            <li key={win.line}>{t('slot.lineWin', { line: win.line + 1, n: win.count, symbol: name(win.symbol), amount: formatCoins(win.win, lang) })}</li>
          ))}
        </ul>
      )}
      {spin.scatterWin > 0 && <p className="text-xs">{t('fairnessPage.scatterWin', { n: spin.scatterCount, amount: formatCoins(spin.scatterWin, lang) })}</p>}
      {spin.freeSpinsAwarded > 0 && <p className="text-xs">{t('fairnessPage.freeSpinsAwarded', { count: spin.freeSpinsAwarded })}</p>}
    </div>
  );
}

/**
 * A round's outcome in words and pictures in the page's language: a slot's reels with its symbols
 * drawn as in the game (never their ids), the roulette number and colour, the cards and result of a
 * table game. The fairness page shows the recorded and the recomputed outcome with it, side by side.
 */
export default function OutcomeView({
  lang,
  definition,
  gameCode,
  outcome,
}: {
  lang: Language;
  definition: GameDefinition;
  gameCode?: string;
  outcome: RoundOutcome;
}) {
  const t = useT(lang, 'games');
  const total = (
    <p className="font-semibold">
      {outcome.totalWin > 0 ? t('fairnessPage.totalWin', { amount: formatCoins(outcome.totalWin, lang) }) : t('fairnessPage.noWin')}
    </p>
  );
  switch (outcome.kind) {
    case 'slot':
      if (definition.kind !== 'slot') return null;
      return (
        <div className="flex flex-col gap-2">
          <SlotSpinView lang={lang} definition={definition} gameCode={gameCode} spin={outcome.base} />
          {outcome.freeSpins.length > 0 && (
            <details className="text-xs">
              <summary className="cursor-pointer">{t('fairnessPage.freeSpins', { count: outcome.freeSpins.length })}</summary>
              <ol className="mt-2 flex flex-wrap gap-3">
                {outcome.freeSpins.map((spin, index) => (
                  <li key={index} className="flex w-56 flex-col gap-1">
                    <span>
                      {t('slot.freeSpinOf', { index: index + 1, total: outcome.freeSpins.length })} · {t('slot.win', { amount: formatCoins(spin.win, lang) })}
                    </span>
                    <SlotSpinView lang={lang} definition={definition} gameCode={gameCode} spin={spin} compact />
                  </li>
                ))}
              </ol>
            </details>
          )}
          {total}
        </div>
      );
    case 'roulette':
      return (
        <div>
          <p>{t('roulette.result', { number: outcome.number, color: t(`roulette.${outcome.color}`) })}</p>
          {total}
        </div>
      );
    case 'baccarat':
      return (
        <div>
          <p>
            {t('baccarat.player')}: {cards(outcome.playerCards)} ({outcome.playerTotal}) · {t('baccarat.banker')}: {cards(outcome.bankerCards)} (
            {outcome.bankerTotal})
          </p>
          <p>{t(`baccarat.result.${outcome.result}`)}</p>
          {total}
        </div>
      );
    case 'blackjack':
      return (
        <div>
          <p>
            {t('blackjack.player')}: {cards(outcome.playerCards)} ({outcome.playerTotal}) · {t('blackjack.dealer')}: {cards(outcome.dealerCards)} (
            {outcome.dealerTotal})
          </p>
          {outcome.result && <p>{t(`blackjack.result.${outcome.result}`)}</p>}
          {total}
        </div>
      );
    default:
      return kindMissing(outcome);
  }
}
