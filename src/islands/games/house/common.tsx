import type { ReactNode } from 'react';
import type { Language } from '../../../../contracts/constants';
import type { Card } from '../../../../contracts/games';
import { ApiError } from '../../../lib/api';
import { formatCoins } from '../../../lib/formatCoins';
import { useT } from '../../../lib/useT';
import './strings';

/** The key of the message to show for a failed round: our own wording for the common cases. */
export function roundErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'TECHNICAL_ERROR';
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'house.error.insufficient';
    case 'UNAUTHORIZED':
    case 'GAME_SESSION_EXPIRED':
      return 'house.error.sessionEnded';
    case 'MAINTENANCE':
      return 'house.error.maintenance';
    case 'REQUEST_VALIDATION_ERROR':
      return 'house.error.invalidBet';
    case 'OPPOSING_BETS':
      return 'house.error.opposing';
    case 'PHONE_NUMBER_NOT_VERIFIED':
      return 'house.error.phoneNotVerified';
    case 'TOO_MANY_REQUESTS':
      return 'house.error.tooFast';
    // Player protection (the settings page says until when).
    case 'PLAY_BREAK_ACTIVE':
      return 'protection:roundBreak';
    case 'SELF_EXCLUDED':
      return 'protection:roundExcluded';
    case 'PLAY_LIMIT_REACHED':
      return 'protection:roundLimit';
    default:
      return 'house.error.failed';
  }
}

export function ErrorLine({ lang, messageKey }: { lang: Language; messageKey: string | null }) {
  const t = useT(lang, ['games', 'protection']);
  return (
    <p role="alert" data-testid="round-error" className="min-h-6 text-center text-sm font-semibold text-red-300 short:min-h-0">
      {messageKey ? t(messageKey) : ''}
    </p>
  );
}

/** Chip values to pick from; the chosen one is what a click on the table adds. */
export function ChipPicker({ lang, chips, value, onChange }: { lang: Language; chips: number[]; value: number; onChange: (v: number) => void }) {
  const t = useT(lang, 'games');
  return (
    <fieldset className="flex flex-wrap items-center justify-center gap-2">
      <legend className="sr-only">{t('house.chip')}</legend>
      {chips.map((chip) => (
        <label key={chip} className="cursor-pointer">
          <input type="radio" name="chip" value={chip} checked={value === chip} onChange={() => onChange(chip)} className="peer sr-only" />
          <span className="flex h-11 min-w-11 items-center justify-center rounded-full border-4 border-dashed border-cream/70 bg-red-700 px-1 text-xs font-bold text-cream shadow peer-checked:border-gold-400 peer-checked:bg-gold-600 peer-checked:text-brown-950 peer-focus-visible:outline-2 peer-focus-visible:outline-gold-400">
            {formatCoins(chip, lang)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

const SUIT_GLYPH = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/** A playing card; the accessible name reads rank and suit in the page's language. */
export function PlayingCard({ card, lang, hidden = false }: { card?: Card; lang: Language; hidden?: boolean }) {
  const t = useT(lang, 'games');
  if (hidden || !card) {
    return (
      <span role="img" aria-label={t('cards.faceDown')} className="flex h-24 w-16 items-center justify-center rounded-md border-2 short:h-16 short:w-11 border-cream/70 bg-[repeating-linear-gradient(45deg,#7f1d1d_0_6px,#991b1b_6px_12px)] shadow-lg" />
    );
  }
  const red = card.suit === 'H' || card.suit === 'D';
  return (
    <span
      role="img"
      data-card={`${card.rank}${card.suit}`}
      aria-label={t('cards.name', { rank: t(`cards.rank.${card.rank}`), suit: t(`cards.suit.${card.suit}`) })}
      className={`flex h-24 w-16 flex-col justify-between rounded-md border border-brown-600 bg-cream p-1 font-bold shadow-lg short:h-16 short:w-11 short:p-0.5 animate-[deal_0.25s_ease-out] ${red ? 'text-red-700' : 'text-brown-950'}`}
    >
      <span aria-hidden="true" className="text-left text-lg leading-none short:text-sm">{card.rank}</span>
      <span aria-hidden="true" className="text-center text-2xl leading-none short:text-lg">{SUIT_GLYPH[card.suit]}</span>
      <span aria-hidden="true" className="rotate-180 text-left text-lg leading-none short:text-sm">{card.rank}</span>
    </span>
  );
}

export function Hand({ label, total, children }: { label: string; total?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm font-semibold">
        {label}
        {total !== undefined && <span className="ml-2 rounded bg-brown-950/70 px-2 py-0.5 text-gold-400" data-testid="hand-total">{total}</span>}
      </p>
      <div className="flex min-h-24 gap-1 short:min-h-16">{children}</div>
    </div>
  );
}
