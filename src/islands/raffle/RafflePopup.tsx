import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { RAFFLE_TICK_MS } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { localizePath } from '../../lib/routes';
import {
  $raffleStanding,
  bannerUrl,
  formatRaffleAmount,
  formatRaffleCountdown,
  formatRaffleDate,
  nextTicketProgress,
  popupTranslation,
  raffleCountdown,
  refreshRaffleStanding,
} from '../../stores/raffle';
import Spinner from '../Spinner';
import { useSession } from '../../stores/useSession';
import { openPopup } from '../../stores/popup';
import type { PopupProps } from '../popups/types';
import 'virtual:strings?raffle.coins,raffle.popup';

/**
 * The raffle popup (`?popup=raffle`, spec section 2): banner, title and description in the current
 * language (else the first translation), participation period, draw date, a countdown ticking every
 * second ('Starts in' before the start, 'Ends in' after), progress toward the next ticket and the
 * ticket count. PTS amounts show as Coins.
 */
export default function RafflePopup({ lang }: PopupProps) {
  const t = useT(lang, 'raffle');
  const session = useSession();
  const { data, loading, error } = useStore($raffleStanding);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    refreshRaffleStanding();
    const timer = setInterval(() => setNow(Date.now()), RAFFLE_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // When the raffle ends, ask again: another raffle may be current now (or none, and the button goes).
  const endsAt = data?.raffleMetaData ? Date.parse(data.raffleMetaData.endDateUtc) : null;
  const ended = endsAt !== null && now >= endsAt;
  useEffect(() => {
    if (ended) refreshRaffleStanding();
  }, [ended]);

  // Raffle data is fetched only when signed in (spec section 6).
  if (!session) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" data-testid="raffle-sign-in">
        <p>{t('raffle:popup.signIn')}</p>
        <button type="button" className="btn-gold" onClick={() => openPopup('login')}>
          {t('raffle:popup.signInAction')}
        </button>
      </div>
    );
  }
  if (!data) {
    if (error && !loading) {
      return (
        <div className="flex flex-col items-center gap-3 py-4">
          <p role="alert">{t('raffle:popup.loadFailed')}</p>
          <button type="button" className="btn-gold" onClick={() => refreshRaffleStanding()}>
            {t('raffle:popup.retry')}
          </button>
        </div>
      );
    }
    return <Spinner lang={lang} />;
  }
  const raffle = data.raffleMetaData;
  if (!raffle)
    return (
      <p className="py-6 text-center" data-testid="raffle-none">
        {t('raffle:popup.none')}
      </p>
    );

  const text = popupTranslation(raffle, lang);
  const banner = bannerUrl(raffle);
  const countdown = raffleCountdown(raffle, now);
  const progress = nextTicketProgress(data);
  const coins = (amount: number) => formatRaffleAmount(amount, raffle.baseCurrency, lang, (formatted) => t('raffle:coins', { amount: formatted }));
  const days = (count: number) => t('raffle:popup.days', { count });
  const label = 'text-xs uppercase tracking-wide text-cream/80';

  return (
    <div className="flex flex-col gap-4" data-testid="raffle-popup" data-raffle-ref={raffle.tournamentRef}>
      {banner && (
        <img
          src={banner}
          alt={t('raffle:popup.bannerAlt', { title: text?.title ?? '' })}
          className="-mx-5 -mt-5 aspect-[3/1] w-[calc(100%+2.5rem)] max-w-none rounded-t-xl object-cover"
          data-testid="raffle-banner"
        />
      )}
      <div className="pr-6">
        <h2 className="text-xl font-bold text-gold-400" data-testid="raffle-title">
          {text?.title}
        </h2>
        {text?.description && (
          <p className="mt-1 whitespace-pre-line text-sm text-cream/90" data-testid="raffle-description">
            {text.description}
          </p>
        )}
      </div>

      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className={label}>{t('raffle:popup.period')}</dt>
          <dd data-testid="raffle-period">
            <time dateTime={raffle.startDateUtc}>{formatRaffleDate(raffle.startDateUtc, lang)}</time> –{' '}
            <time dateTime={raffle.endDateUtc}>{formatRaffleDate(raffle.endDateUtc, lang)}</time>
          </dd>
        </div>
        {raffle.raffleDrawDate && (
          <div>
            <dt className={label}>{t('raffle:popup.drawDate')}</dt>
            <dd data-testid="raffle-draw-date">
              <time dateTime={raffle.raffleDrawDate}>{formatRaffleDate(raffle.raffleDrawDate, lang)}</time>
            </dd>
          </div>
        )}
      </dl>

      <div className="rounded-lg bg-brown-900 p-3 text-center" data-testid="raffle-countdown">
        {countdown.kind === 'ended' ? (
          <p className="font-semibold">{t('raffle:popup.ended')}</p>
        ) : (
          <>
            <p className={label} data-testid="raffle-countdown-label">
              {t(`raffle:popup.${countdown.kind}`)}
            </p>
            {/* The digits change every second: announced to screen readers only on request, not each tick. */}
            <p className="font-mono text-2xl font-bold tabular-nums text-gold-400" data-testid="raffle-countdown-value">
              {formatRaffleCountdown(countdown.ms, days)}
            </p>
          </>
        )}
      </div>

      <div className="flex flex-col gap-2" data-testid="raffle-progress">
        <div className="flex items-baseline justify-between">
          <span className={label}>{t('raffle:popup.tickets')}</span>
          <span className="text-2xl font-bold tabular-nums text-gold-400" data-testid="raffle-tickets">
            {data.numEntries}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('raffle:popup.progress')}
          aria-valuemin={0}
          aria-valuemax={data.wagerPerEntry}
          aria-valuenow={data.wagerPerEntry - data.amountLeftForNextEntry}
          aria-valuetext={t('raffle:popup.nextTicket', { amount: coins(data.amountLeftForNextEntry) })}
          className="h-3 overflow-hidden rounded-full bg-brown-900"
          data-testid="raffle-progress-bar"
        >
          <div className="h-full rounded-full bg-gold-500 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
        <p className="text-sm" data-testid="raffle-next-ticket">
          {t('raffle:popup.nextTicket', { amount: coins(data.amountLeftForNextEntry) })}
        </p>
        <p className="text-xs text-cream/80">
          {t('raffle:popup.howItWorks', {
            amount: coins(data.wagerPerEntry),
            games: t(raffle.games.length > 0 ? 'raffle:popup.someGames' : 'raffle:popup.allGames'),
          })}
        </p>
      </div>

      {raffle.prizes.length > 0 && (
        <div className="text-sm">
          <h3 className={label}>{t('raffle:popup.prizes')}</h3>
          <ul className="mt-1 list-inside list-disc">
            {raffle.prizes.map((p, i) => (
              <li key={i}>{t('raffle:popup.prizeLine', { count: p.count ?? 1, amount: coins(p.amount) })}</li>
            ))}
          </ul>
        </div>
      )}

      {text?.termsAndConditions && (
        <details className="text-sm">
          <summary className="cursor-pointer text-gold-400">{t('raffle:popup.terms')}</summary>
          <p className="mt-1 whitespace-pre-line text-cream/90">{text.termsAndConditions}</p>
        </details>
      )}
      <a className="self-start text-sm text-gold-400 underline" href={localizePath(`/raffles/${raffle.tournamentRef}`, lang)} target="_blank" rel="noopener">
        {t('raffle:popup.record')}
      </a>
    </div>
  );
}
