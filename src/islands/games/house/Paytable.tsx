import { formatNumber, languageInfo } from '../../../../contracts/languages';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Language } from '../../../../contracts/constants';
import type { GameKind } from '../../../../contracts/game-kinds';
import type { BaccaratDefinition, BlackjackDefinition, DefinitionOf, GameDefinition, RouletteDefinition, SlotDefinition } from '../../../../contracts/games';
import { ROULETTE_PAYOUTS } from '../../../../contracts/house/roulette';
import { formatCoins } from '../../../lib/formatCoins';
import { useT } from '../../../lib/useT';
import { useSymbolName } from './SlotReels';
import SlotSymbolArt from './SlotSymbolArt';
import 'virtual:strings?games.paytable,games.slot,games.baccarat';

/**
 * Paytable and rules as a dialog over the game, inside the frame (decision 0021). Everything in it
 * comes from the game's definition as the server plays it (contracts/games.ts, the engines'
 * payouts) and its declared RTP, so it cannot drift from the game. Loaded the first time it opens.
 * Focus moves into it, Tab cycles inside it, Escape and Close return focus to the opener.
 */
export default function Paytable({
  lang,
  definition,
  rtp,
  title,
  gameCode,
  onClose,
}: {
  lang: Language;
  definition: GameDefinition;
  rtp: number;
  title: string;
  gameCode: string;
  onClose: () => void;
}) {
  const t = useT(lang, 'games');
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])')];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const percent = formatNumber(rtp * 100, lang, { maximumFractionDigits: 2 });
  return (
    <div className="absolute inset-0 z-40 flex items-center justify-center bg-black/70 p-2 sm:p-4" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="paytable-title"
        tabIndex={-1}
        data-testid="paytable"
        className="flex max-h-full w-full max-w-2xl flex-col rounded-xl border border-gold-600 bg-brown-900 shadow-2xl outline-none"
      >
        <div className="flex items-center gap-2 border-b border-brown-700 px-3 py-2">
          <h2 id="paytable-title" className="min-w-0 flex-1 text-base font-bold text-gold-400">
            {t('paytable.title', { title })}
          </h2>
          <button type="button" className="btn-ghost shrink-0 px-3 py-1 text-sm" onClick={onClose} data-testid="paytable-close">
            {t('house.close')}
          </button>
        </div>
        <div className="min-h-0 overflow-y-auto px-3 py-2 text-sm" tabIndex={0} aria-label={t('paytable.contents')}>
          <p className="mb-2 rounded bg-brown-950/70 px-2 py-1" data-testid="paytable-rtp">
            {t('paytable.rtp', { rtp: percent })}
          </p>
          <Rules lang={lang} definition={definition} gameCode={gameCode} />
          <p className="mt-3 text-xs text-cream/70">{t('paytable.fair')}</p>
        </div>
      </div>
    </div>
  );
}

/** Each kind's rules and pays. */
const RULES: { [K in GameKind]: (props: { lang: Language; definition: DefinitionOf<K>; gameCode: string }) => ReactNode } = {
  slot: SlotRules,
  roulette: RouletteRules,
  blackjack: BlackjackRules,
  baccarat: BaccaratRules,
};

function Rules({ lang, definition, gameCode }: { lang: Language; definition: GameDefinition; gameCode: string }) {
  // The definition's kind picks its rules, so they take that definition (the compiler cannot follow that across a union).
  const KindRules = RULES[definition.kind] as (props: { lang: Language; definition: GameDefinition; gameCode: string }) => ReactNode;
  return <KindRules lang={lang} definition={definition} gameCode={gameCode} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-3">
      <h3 className="mb-1 font-bold text-gold-400">{title}</h3>
      {children}
    </section>
  );
}

function Limits({ lang, min, max }: { lang: Language; min: number; max: number }) {
  const t = useT(lang, 'games');
  return <li>{t('house.limits', { min: formatCoins(min, lang), max: formatCoins(max, lang) })}</li>;
}

function SlotRules({ lang, definition, gameCode }: { lang: Language; definition: SlotDefinition; gameCode: string }) {
  const t = useT(lang, 'games');
  const symbolName = useSymbolName(lang, definition, gameCode);
  const reels = definition.reels.length;
  return (
    <>
      <Section title={t('paytable.symbols')}>
        <p className="mb-1 text-xs text-cream/80">{t('paytable.slotPays')}</p>
        <table className="w-full text-left text-xs">
          <thead>
            <tr className="text-cream/80">
              <th scope="col" className="py-1 font-semibold">
                {t('slot.symbol')}
              </th>
              {Array.from({ length: reels }, (_, k) => (
                <th key={k} scope="col" className="py-1 text-right font-semibold">
                  {t('paytable.ofAKind', { n: k + 1 })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {definition.symbols.map((symbol) => (
              <tr key={symbol.id} className="border-t border-brown-700">
                <th scope="row" className="py-1 font-normal">
                  <span className="flex items-center gap-2">
                    <SlotSymbolArt symbol={symbol} gameCode={gameCode} className="h-8 w-8 shrink-0" />
                    <span>
                      {symbolName(symbol.id)}
                      {symbol.kind !== 'normal' && <span className="block text-cream/70">{t(`slot.kind.${symbol.kind}`)}</span>}
                    </span>
                  </span>
                </th>
                {Array.from({ length: reels }, (_, k) => (
                  <td key={k} className="py-1 text-right tabular-nums">
                    {symbol.pays[k] ? `×${symbol.pays[k]}` : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('paytable.rules')}>
        <ul className="list-disc space-y-1 pl-5 text-xs">
          <li>{t('paytable.slotLines', { lines: definition.paylines.length, reels, rows: definition.rows })}</li>
          {definition.symbols.some((s) => s.kind === 'wild') && <li>{t('paytable.wild')}</li>}
          {definition.symbols.some((s) => s.kind === 'scatter') && <li>{t('paytable.scatter')}</li>}
          {definition.freeSpins && <li>{t('slot.freeSpinsRule', { ...definition.freeSpins })}</li>}
          <li>{t('paytable.bets', { bets: definition.betLevels.map((b) => formatCoins(b, lang)).join(languageInfo(lang).listSeparator) })}</li>
        </ul>
      </Section>
      <Section title={t('paytable.paylines')}>
        <ol className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label={t('paytable.paylines')}>
          {definition.paylines.map((line, l) => (
            <li key={l} className="flex flex-col items-center gap-0.5 text-[10px]">
              <svg
                viewBox={`0 0 ${reels * 6} ${definition.rows * 6}`}
                className="w-full max-w-16 rounded bg-brown-950"
                aria-label={t('paytable.line', { n: l + 1 })}
                role="img"
              >
                {line.map((row, r) => (
                  <rect key={r} x={r * 6 + 1} y={row * 6 + 1} width="4" height="4" rx="1" fill="#e8c25a" />
                ))}
                <polyline points={line.map((row, r) => `${r * 6 + 3},${row * 6 + 3}`).join(' ')} fill="none" stroke="#e8c25a" strokeWidth="0.8" />
              </svg>
              <span aria-hidden="true">{l + 1}</span>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

const ROULETTE_ROWS = ['straight', 'split', 'street', 'corner', 'line', 'dozen', 'column', 'red'] as const;

function RouletteRules({ lang, definition }: { lang: Language; definition: RouletteDefinition }) {
  const t = useT(lang, 'games');
  return (
    <>
      <Section title={t('paytable.payouts')}>
        <table className="w-full text-left text-xs">
          <tbody>
            {ROULETTE_ROWS.map((type) => (
              <tr key={type} className="border-t border-brown-700">
                <th scope="row" className="py-1 font-normal">
                  {t(`paytable.roulette.${type}`)}
                </th>
                <td className="py-1 text-right tabular-nums">{t('paytable.toOne', { n: ROULETTE_PAYOUTS[type] })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('paytable.rules')}>
        <ul className="list-disc space-y-1 pl-5 text-xs">
          <li>{t('paytable.roulette.wheel')}</li>
          {definition.variant === 'french' && <li>{t('paytable.roulette.partage')}</li>}
          <li>{t('paytable.roulette.opposing')}</li>
          <Limits lang={lang} min={definition.minBet} max={definition.maxBet} />
          <li>{t('paytable.maxTotal', { max: formatCoins(definition.maxTotalBet, lang) })}</li>
        </ul>
      </Section>
    </>
  );
}

function BlackjackRules({ lang, definition }: { lang: Language; definition: BlackjackDefinition }) {
  const t = useT(lang, 'games');
  return (
    <>
      <Section title={t('paytable.payouts')}>
        <table className="w-full text-left text-xs">
          <tbody>
            <tr className="border-t border-brown-700">
              <th scope="row" className="py-1 font-normal">
                {t('paytable.blackjack.natural')}
              </th>
              <td className="py-1 text-right">{t('paytable.blackjack.threeToTwo')}</td>
            </tr>
            <tr className="border-t border-brown-700">
              <th scope="row" className="py-1 font-normal">
                {t('paytable.blackjack.win')}
              </th>
              <td className="py-1 text-right">{t('paytable.toOne', { n: 1 })}</td>
            </tr>
            <tr className="border-t border-brown-700">
              <th scope="row" className="py-1 font-normal">
                {t('paytable.blackjack.push')}
              </th>
              <td className="py-1 text-right">{t('paytable.returned')}</td>
            </tr>
          </tbody>
        </table>
      </Section>
      <Section title={t('paytable.rules')}>
        <ul className="list-disc space-y-1 pl-5 text-xs">
          <li>{t('paytable.decks', { decks: definition.decks })}</li>
          <li>{t(definition.dealerHitsSoft17 ? 'paytable.blackjack.h17' : 'paytable.blackjack.s17')}</li>
          <li>{t('paytable.blackjack.peek')}</li>
          <li>{t('paytable.blackjack.double')}</li>
          <li>{t('paytable.blackjack.noSplit')}</li>
          <li>{t('paytable.blackjack.keys')}</li>
          <Limits lang={lang} min={definition.minBet} max={definition.maxBet} />
        </ul>
      </Section>
    </>
  );
}

function BaccaratRules({ lang, definition }: { lang: Language; definition: BaccaratDefinition }) {
  const t = useT(lang, 'games');
  return (
    <>
      <Section title={t('paytable.payouts')}>
        <table className="w-full text-left text-xs">
          <tbody>
            <tr className="border-t border-brown-700">
              <th scope="row" className="py-1 font-normal">
                {t('baccarat.bet.player')}
              </th>
              <td className="py-1 text-right">{t('paytable.toOne', { n: 1 })}</td>
            </tr>
            <tr className="border-t border-brown-700">
              <th scope="row" className="py-1 font-normal">
                {t('baccarat.bet.banker')}
              </th>
              <td className="py-1 text-right">{t('paytable.baccarat.bankerPays')}</td>
            </tr>
            <tr className="border-t border-brown-700">
              <th scope="row" className="py-1 font-normal">
                {t('baccarat.bet.tie')}
              </th>
              <td className="py-1 text-right">{t('paytable.toOne', { n: definition.tiePays })}</td>
            </tr>
          </tbody>
        </table>
      </Section>
      <Section title={t('paytable.rules')}>
        <ul className="list-disc space-y-1 pl-5 text-xs">
          <li>{t('paytable.decks', { decks: definition.decks })}</li>
          <li>{t('paytable.baccarat.points')}</li>
          <li>{t('paytable.baccarat.natural')}</li>
          <li>{t('paytable.baccarat.playerDraws')}</li>
          <li>{t('paytable.baccarat.bankerDraws')}</li>
          <li>{t('paytable.baccarat.tiePush')}</li>
          <li>{t('paytable.baccarat.opposing')}</li>
          <Limits lang={lang} min={definition.minBet} max={definition.maxBet} />
        </ul>
      </Section>
    </>
  );
}
