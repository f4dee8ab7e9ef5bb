import type { ReactNode } from 'react';
import type { Language } from '../../../../contracts/constants';
import type { Card } from '../../../../contracts/games';
import { roundErrorKeyOf } from '../../../stores/roundErrors';
import { formatCoins } from '../../../lib/formatCoins';
import { useT } from '../../../lib/useT';
import './strings';

/** The key of the message to show for a failed round (kept in the stores, shared by the views). */
export const roundErrorKey = roundErrorKeyOf;

export function ErrorLine({ lang, messageKey, compact = false }: { lang: Language; messageKey: string | null; compact?: boolean }) {
  const t = useT(lang, ['games', 'protection']);
  return (
    <p
      role="alert"
      data-testid="round-error"
      className={`text-center text-sm font-semibold text-red-300 ${compact ? 'empty:hidden' : 'min-h-6 short:min-h-0'}`}
    >
      {messageKey ? t(messageKey) : ''}
    </p>
  );
}

/** Chip values to pick from; the chosen one is what a click on the table adds. */
export function ChipPicker({ lang, chips, value, onChange }: { lang: Language; chips: number[]; value: number; onChange: (v: number) => void }) {
  const t = useT(lang, 'games');
  return (
    <fieldset className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
      <legend className="sr-only">{t('house.chip')}</legend>
      {chips.map((chip) => (
        <label key={chip} className="cursor-pointer">
          <input type="radio" name="chip" value={chip} checked={value === chip} onChange={() => onChange(chip)} className="peer sr-only" />
          <span className="flex h-10 min-w-10 items-center sm:h-11 sm:min-w-11 justify-center rounded-full border-4 border-dashed border-cream/70 bg-red-700 px-1 text-xs font-bold text-cream shadow peer-checked:border-gold-400 peer-checked:bg-gold-600 peer-checked:text-brown-950 peer-focus-visible:outline-2 peer-focus-visible:outline-gold-400">
            {formatCoins(chip, lang)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A chip lying on the table with the amount on it (drops in when the amount changes). */
export function TableChip({ amount, lang, small = false }: { amount: number; lang: Language; small?: boolean }) {
  return (
    <span
      key={amount}
      aria-hidden="true"
      data-testid="table-chip"
      className={`flex items-center justify-center rounded-full border-[3px] border-dashed border-cream bg-gold-500 font-black leading-none text-brown-950 shadow-md ring-2 ring-gold-700 animate-[chip-drop_0.18s_ease-out] ${small ? 'h-6 min-w-6 px-0.5 text-[9px]' : 'h-10 min-w-10 px-1 text-[11px] short:h-8 short:min-w-8'}`}
    >
      {formatCoins(amount, lang)}
    </span>
  );
}

const SUIT_GLYPH = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/**
 * A playing card; the accessible name reads rank and suit in the page's language. A card slides in
 * from the shoe (top right) as it is dealt; `flipped` turns it face up instead (the dealer's hole card).
 */
export function PlayingCard({ card, lang, hidden = false, flipped = false }: { card?: Card; lang: Language; hidden?: boolean; flipped?: boolean }) {
  const t = useT(lang, 'games');
  if (hidden || !card) {
    return (
      <span
        role="img"
        aria-label={t('cards.faceDown')}
        data-face-down=""
        className="flex h-24 w-16 items-center justify-center rounded-md border-2 short:h-16 short:w-11 border-cream/70 bg-[repeating-linear-gradient(45deg,#7f1d1d_0_6px,#991b1b_6px_12px)] shadow-lg animate-[shoe-deal_0.35s_ease-out]"
      />
    );
  }
  const red = card.suit === 'H' || card.suit === 'D';
  return (
    <span
      role="img"
      data-card={`${card.rank}${card.suit}`}
      aria-label={t('cards.name', { rank: t(`cards.rank.${card.rank}`), suit: t(`cards.suit.${card.suit}`) })}
      className={`flex h-24 w-16 flex-col justify-between rounded-md border border-brown-600 bg-cream p-1 font-bold shadow-lg short:h-16 short:w-11 short:p-0.5 ${flipped ? 'animate-[card-flip_0.3s_ease-out]' : 'animate-[shoe-deal_0.35s_ease-out]'} ${red ? 'text-red-700' : 'text-brown-950'}`}
    >
      <span aria-hidden="true" className="text-left text-lg leading-none short:text-sm">
        {card.rank}
      </span>
      <span aria-hidden="true" className="text-center text-2xl leading-none short:text-lg">
        {SUIT_GLYPH[card.suit]}
      </span>
      <span aria-hidden="true" className="rotate-180 text-left text-lg leading-none short:text-sm">
        {card.rank}
      </span>
    </span>
  );
}

export function Hand({ label, total, fan = false, children }: { label: string; total?: string; fan?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-2">
      <p className="text-sm font-semibold">
        {label}
        {total !== undefined && (
          <span className="ml-2 rounded bg-brown-950/70 px-2 py-0.5 text-gold-400" data-testid="hand-total">
            {total}
          </span>
        )}
      </p>
      {/* `fan`: on a narrow frame the cards overlap, so two hands of three stay side by side. */}
      <div className={`flex min-h-24 gap-1 short:min-h-16 ${fan ? 'max-sm:gap-0 max-sm:[&>*+*]:-ml-6' : ''}`}>{children}</div>
    </div>
  );
}
