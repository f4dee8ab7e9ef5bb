import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { BREAK_DAYS, EXCLUSION_PERIODS, REALITY_CHECK_MINUTES, type ExclusionPeriod, type Language } from '../../../contracts/constants';
import type { LimitState } from '../../../contracts/protection';
import { createPlayControls } from '../../stores/playControls';
import { useT } from '../../lib/useT';
import { showToast } from '../../stores/toasts';
import Spinner from '../Spinner';
import { apiErrorMessage, ErrorBox, failureMessage, settingsHeading, settingsSection } from './forms';
import { formatWhen } from './protectionText';
import 'virtual:strings?protection';

const section = settingsSection;
const heading = settingsHeading;
const sub = 'mb-2 mt-4 font-bold';
const field = 'rounded border border-brown-600 bg-brown-950 px-3 py-2 text-cream';
const input = `w-full ${field}`;
/** A choice: the whole width on a phone, as wide as its options beside its button above that. */
const select = `w-full sm:w-auto ${field}`;

const periodKey: Record<ExclusionPeriod, string> = { '6m': 'period6m', '1y': 'period1y', indefinite: 'periodIndefinite' };

/** A limit field's text from the value in force ('' = no limit). */
const limitText = (l: LimitState) => (l.current === null ? '' : String(l.current));

/**
 * Settings, "Play safely" (docs/decisions/0008-player-protection.md): the reality check, daily limits (a raise shows as pending
 * for 24 hours), a break and self-exclusion, each a call to /play-controls whose answer is shown.
 */
export default function PlaySafely({ lang }: { lang: Language }) {
  const t = useT(lang, ['protection', 'errors']);
  const [safely] = useState(createPlayControls);
  const { controls, loadFailure, confirming } = useStore(safely.$view);
  const form = useStore(safely.form.$state);
  const busy = form.submitting;
  const error = loadFailure ? `${t('protection:loadFailed')} ${apiErrorMessage(t, loadFailure, lang)}` : failureMessage(t, form.failure, lang);
  const [timeText, setTimeText] = useState('');
  const [wagerText, setWagerText] = useState('');
  const [breakDays, setBreakDays] = useState<number>(1);
  const [period, setPeriod] = useState<ExclusionPeriod>('6m');

  useEffect(() => void safely.load(), [safely]);
  // The limit fields show the values in force after each answer.
  useEffect(() => {
    if (!controls) return;
    setTimeText(limitText(controls.dailyTimeLimitMinutes));
    setWagerText(limitText(controls.dailyWagerLimit));
  }, [controls]);

  const saved = (done: boolean) => done && showToast(t('protection:saved'), 'success');
  const send = (action: Promise<boolean>) => void action.then(saved);

  if (!controls) {
    return (
      <section className={section} aria-labelledby="settings-play-safely">
        <h2 id="settings-play-safely" className={heading}>
          {t('protection:title')}
        </h2>
        {error ? <ErrorBox message={error} /> : <Spinner lang={lang} />}
      </section>
    );
  }

  const saveLimits = (e: FormEvent) => {
    e.preventDefault();
    send(safely.saveLimits(timeText, wagerText));
  };
  const limitInfo = (name: string, l: LimitState) => (
    <>
      <p className="mt-1 text-xs text-cream/70" data-testid={`${name}-current`}>
        {t('protection:current', { value: l.current ?? t('protection:noLimit') })}
      </p>
      {l.pending && (
        <p className="mt-1 text-xs font-semibold text-gold-400" data-testid={`${name}-pending`}>
          {t('protection:pending', { value: l.pending.value ?? t('protection:noLimit'), at: formatWhen(lang, l.pending.effectiveAt) })}
        </p>
      )}
    </>
  );
  const ex = controls.selfExclusion;
  const canLift = ex?.liftableFrom && ex.until === null && Date.parse(ex.liftableFrom) <= Date.now();

  return (
    <section className={section} aria-labelledby="settings-play-safely" data-testid="play-safely">
      <h2 id="settings-play-safely" className={heading}>
        {t('protection:title')}
      </h2>
      <p className="mb-3 text-sm text-cream/80">{t('protection:intro')}</p>
      <ErrorBox message={error} />
      {controls.breakUntil && (
        <p role="status" className="mb-3 rounded bg-brown-950 p-3 font-semibold" data-testid="break-active">
          {t('protection:breakActive', { until: formatWhen(lang, controls.breakUntil) })}
        </p>
      )}
      {ex && (
        <div role="status" className="mb-3 rounded bg-brown-950 p-3" data-testid="exclusion-active">
          <p className="font-semibold">
            {ex.until
              ? t('protection:excludedUntil', { until: formatWhen(lang, ex.until) })
              : t('protection:excludedIndefinitely', { since: formatWhen(lang, ex.since) })}
          </p>
          {ex.liftableFrom && ex.until === null && <p className="mt-1 text-sm">{t('protection:liftableFrom', { at: formatWhen(lang, ex.liftableFrom) })}</p>}
          {canLift && (
            <button type="button" className="btn-ghost mt-2" disabled={busy} onClick={() => send(safely.liftExclusion())}>
              {t('protection:lift')}
            </button>
          )}
        </div>
      )}

      <h3 className={sub}>{t('protection:realityCheck')}</h3>
      <p className="mb-2 text-sm text-cream/80">{t('protection:realityCheckHint')}</p>
      <select
        className={select}
        aria-label={t('protection:realityCheck')}
        data-testid="reality-check-select"
        value={controls.realityCheckMinutes ?? ''}
        disabled={busy}
        onChange={(e) => send(safely.setRealityCheck(e.target.value === '' ? null : Number(e.target.value)))}
      >
        <option value="">{t('protection:realityCheckOff')}</option>
        {REALITY_CHECK_MINUTES.map((m) => (
          <option key={m} value={m}>
            {t('protection:everyMinutes', { minutes: m })}
          </option>
        ))}
      </select>

      <form onSubmit={saveLimits} className="mt-2" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm">
            <span className={sub}>{t('protection:timeLimit')}</span>
            <input
              className={input}
              inputMode="numeric"
              data-testid="time-limit-input"
              placeholder={t('protection:limitPlaceholder')}
              value={timeText}
              onChange={(e) => setTimeText(e.target.value)}
            />
            {limitInfo('time-limit', controls.dailyTimeLimitMinutes)}
          </label>
          <label className="block text-sm">
            <span className={sub}>{t('protection:wagerLimit')}</span>
            <input
              className={input}
              inputMode="numeric"
              data-testid="wager-limit-input"
              placeholder={t('protection:limitPlaceholder')}
              value={wagerText}
              onChange={(e) => setWagerText(e.target.value)}
            />
            {limitInfo('wager-limit', controls.dailyWagerLimit)}
          </label>
        </div>
        <button type="submit" className="btn-gold mt-3" disabled={busy} data-testid="save-limits">
          {t('protection:save')}
        </button>
        <p className="mt-2 text-xs text-cream/70" data-testid="today-usage">
          {t('protection:today', { minutes: controls.today.playMinutes, coins: controls.today.wagered })}
        </p>
      </form>

      <h3 className={sub}>{t('protection:breakTitle')}</h3>
      <p className="mb-2 text-sm text-cream/80">{t('protection:breakHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          className={select}
          aria-label={t('protection:breakTitle')}
          data-testid="break-days"
          value={breakDays}
          onChange={(e) => setBreakDays(Number(e.target.value))}
        >
          {BREAK_DAYS.map((d) => (
            <option key={d} value={d}>
              {t('protection:days', { count: d })}
            </option>
          ))}
        </select>
        {confirming === 'break' ? (
          <>
            <button type="button" className="btn-gold" disabled={busy} data-testid="confirm-break" onClick={() => send(safely.takeBreak(breakDays))}>
              {t('protection:confirm')}
            </button>
            <button type="button" className="btn-ghost" onClick={() => safely.confirm(null)}>
              {t('protection:cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn-ghost" data-testid="take-break" onClick={() => safely.confirm('break')}>
            {t('protection:takeBreak')}
          </button>
        )}
      </div>

      <h3 className={sub}>{t('protection:exclusionTitle')}</h3>
      <p className="mb-2 text-sm text-cream/80">{t('protection:exclusionHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          className={select}
          aria-label={t('protection:exclusionTitle')}
          data-testid="exclusion-period"
          value={period}
          onChange={(e) => setPeriod(e.target.value as ExclusionPeriod)}
        >
          {EXCLUSION_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`protection:${periodKey[p]}`)}
            </option>
          ))}
        </select>
        {confirming === 'exclusion' ? (
          <>
            <button type="button" className="btn-gold" disabled={busy} data-testid="confirm-exclusion" onClick={() => send(safely.selfExclude(period))}>
              {t('protection:confirm')}
            </button>
            <button type="button" className="btn-ghost" onClick={() => safely.confirm(null)}>
              {t('protection:cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn-ghost" data-testid="self-exclude" onClick={() => safely.confirm('exclusion')}>
            {t('protection:exclude')}
          </button>
        )}
      </div>
    </section>
  );
}
