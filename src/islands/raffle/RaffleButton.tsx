import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { openPopup } from '../../stores/popup';
import { $raffleStanding } from '../../stores/raffleStanding';
import '../playerStrings';

/** The signed-in header's Raffle button with the ticket count, only while a current raffle exists (spec section 2). */
export default function RaffleButton({ lang }: { lang: Language }) {
  const t = useT(lang, 'raffle');
  const { data } = useStore($raffleStanding);
  if (!data?.raffleMetaData) return null;
  return (
    <a
      href="?popup=raffle"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        openPopup('raffle');
      }}
      aria-label={t('raffle:button.open', { count: data.numEntries })}
      className="flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border border-gold-500/60 bg-brown-800 px-1.5 py-1 sm:px-2 text-sm font-semibold text-gold-400 hover:bg-brown-700"
      data-testid="raffle-button"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
        <path d="M9 6v12" strokeDasharray="2 2" />
      </svg>
      <span className="hidden sm:inline lg:hidden xl:inline">{t('raffle:button.label')}</span>
      <span
        className="min-w-[1.25rem] rounded-full bg-gold-500 px-1.5 text-center text-xs font-bold tabular-nums text-brown-900"
        data-testid="raffle-button-tickets"
      >
        {data.numEntries}
      </span>
    </a>
  );
}
