import { formatDate } from '../../../contracts/languages';
import { useEffect, useState, type FormEvent } from 'react';
import type { Language } from '../../../contracts/constants';
import type { VerifyRoundResponse } from '../../../contracts/games';
import { recomputeRound, type VerifyCheck } from '../../../contracts/fairness';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/useT';
import { fetchRoundVerification } from '../../stores/rounds';
import Spinner from '../Spinner';
import { formatCoins } from '../../lib/formatCoins';
import OutcomeView from './OutcomeView';
import 'virtual:strings?games.fairness,games.fairnessPage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Loaded = { round: VerifyRoundResponse; check: VerifyCheck | null; recomputeError: string | null };

/** Recomputes with the given seeds and nonce; a wrong seed is reported, never thrown. */
function check(round: VerifyRoundResponse): Pick<Loaded, 'check' | 'recomputeError'> {
  if (!round.serverSeed) return { check: null, recomputeError: 'fairnessPage.notRevealed' };
  try {
    return { check: recomputeRound(round), recomputeError: null };
  } catch {
    return { check: null, recomputeError: 'fairnessPage.recomputeFailed' };
  }
}

/**
 * The fairness page's verifier: loads a round's recorded inputs and outcome, recomputes the outcome
 * in this browser with the shared pure engine (contracts/fairness.ts), and says whether the revealed
 * server seed matches the hash shown before play and whether the outcome matches. The seeds and
 * nonce can be edited to see that any other input gives another result.
 */
export default function FairnessVerifier({ lang }: { lang: Language }) {
  const t = useT(lang, 'games');
  const [roundId, setRoundId] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [edits, setEdits] = useState({ serverSeed: '', clientSeed: '', nonce: '' });

  const load = async (id: string) => {
    setError(null);
    setLoaded(null);
    if (!UUID.test(id)) {
      setError('fairnessPage.badRoundId');
      return;
    }
    setLoading(true);
    try {
      const round = await fetchRoundVerification(id, lang);
      setLoaded({ round, ...check(round) });
      setEdits({ serverSeed: round.serverSeed ?? '', clientSeed: round.clientSeed, nonce: String(round.nonce) });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'TECHNICAL_ERROR';
      setError(
        code === 'NOT_FOUND' || code === 'REQUEST_VALIDATION_ERROR'
          ? 'fairnessPage.notFound'
          : code === 'UNAUTHORIZED'
            ? 'fairnessPage.signIn'
            : 'fairnessPage.loadFailed',
      );
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    const id = new URLSearchParams(location.search).get('round');
    if (id) {
      setRoundId(id);
      void load(id);
    }
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const id = roundId.trim();
    const url = new URL(location.href);
    url.searchParams.set('round', id);
    history.replaceState(null, '', url);
    void load(id);
  };

  const recomputeWithEdits = (event: FormEvent) => {
    event.preventDefault();
    if (!loaded) return;
    const nonce = Number(edits.nonce);
    const round = {
      ...loaded.round,
      serverSeed: edits.serverSeed.trim() || null,
      clientSeed: edits.clientSeed,
      nonce: Number.isInteger(nonce) && nonce >= 0 ? nonce : loaded.round.nonce,
    };
    setLoaded({ round: loaded.round, ...check(round) });
  };

  const round = loaded?.round;
  const verdict = loaded?.check;
  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm">
          <span>{t('fairnessPage.roundId')}</span>
          <input
            className="field font-mono"
            value={roundId}
            onChange={(e) => setRoundId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="verify-round-id"
          />
        </label>
        <button type="submit" className="btn-gold" data-testid="verify-load">
          {t('fairnessPage.load')}
        </button>
      </form>
      {loading && <Spinner lang={lang} />}
      {error && (
        <p role="alert" className="rounded border border-red-500 bg-red-950/40 p-3">
          {t(error)}
        </p>
      )}
      {round && (
        <section
          aria-labelledby="verify-heading"
          className="flex flex-col gap-4 rounded-xl border border-brown-600 bg-brown-900 p-4"
          data-testid="verify-result"
        >
          <h2 id="verify-heading" className="text-lg font-bold text-gold-400">
            {t('fairnessPage.roundOf', { title: round.gameTitle })}
          </h2>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-cream/70">{t('fairnessPage.playedAt')}</dt>
            <dd>{formatDate(round.createdAt, lang, { dateStyle: 'short', timeStyle: 'medium' })}</dd>
            <dt className="text-cream/70">{t('fairness.serverSeedHash')}</dt>
            <dd className="break-all font-mono text-xs">{round.serverSeedHash}</dd>
            <dt className="text-cream/70">{t('fairnessPage.stakeWin')}</dt>
            <dd>
              {formatCoins(round.stake, lang)} → {formatCoins(round.win, lang)}
            </dd>
            {round.actions.length > 0 && (
              <>
                <dt className="text-cream/70">{t('fairnessPage.actions')}</dt>
                <dd>{round.actions.map((action) => t(`blackjack.${action}`)).join(', ')}</dd>
              </>
            )}
          </dl>

          <form onSubmit={recomputeWithEdits} className="grid gap-2 text-sm sm:grid-cols-2">
            <label className="flex flex-col gap-1 sm:col-span-2">
              <span>{t('fairness.serverSeed')}</span>
              <input
                className="field font-mono text-xs"
                value={edits.serverSeed}
                placeholder={t('fairnessPage.notRevealedShort')}
                onChange={(e) => setEdits({ ...edits, serverSeed: e.target.value })}
                spellCheck={false}
                data-testid="verify-server-seed"
              />
            </label>
            <label className="flex flex-col gap-1">
              <span>{t('fairness.clientSeed')}</span>
              <input
                className="field font-mono text-xs"
                value={edits.clientSeed}
                onChange={(e) => setEdits({ ...edits, clientSeed: e.target.value })}
                spellCheck={false}
                data-testid="verify-client-seed"
              />
            </label>
            <label className="flex flex-col gap-1">
              <span>{t('fairness.nonce')}</span>
              <input
                className="field font-mono text-xs"
                inputMode="numeric"
                value={edits.nonce}
                onChange={(e) => setEdits({ ...edits, nonce: e.target.value })}
                data-testid="verify-nonce"
              />
            </label>
            <button type="submit" className="btn-ghost sm:col-span-2" data-testid="verify-recompute">
              {t('fairnessPage.recompute')}
            </button>
          </form>

          <div aria-live="polite" className="flex flex-col gap-3 text-sm">
            <div className="grid gap-4 sm:grid-cols-2">
              <section aria-labelledby="recorded-heading">
                <h3 id="recorded-heading" className="mb-1 text-cream/70">
                  {t('fairnessPage.recorded')}
                </h3>
                <div data-testid="recorded-outcome">
                  <OutcomeView lang={lang} definition={round.definition} gameCode={round.gameCode} outcome={round.outcome} />
                </div>
              </section>
              {verdict && (
                <section aria-labelledby="recomputed-heading">
                  <h3 id="recomputed-heading" className="mb-1 text-cream/70">
                    {t('fairnessPage.recomputed')}
                  </h3>
                  <div data-testid="recomputed-outcome">
                    <OutcomeView lang={lang} definition={round.definition} gameCode={round.gameCode} outcome={verdict.recomputed.outcome} />
                  </div>
                </section>
              )}
            </div>
            {loaded.recomputeError && (
              <p role="alert" className="font-semibold text-gold-400" data-testid="verify-pending">
                {t(loaded.recomputeError)}
              </p>
            )}
            {verdict && (
              <ul className="flex flex-col gap-1 font-bold">
                <li data-testid="hash-verdict" data-ok={verdict.hashMatches} className={verdict.hashMatches ? 'text-green-400' : 'text-red-400'}>
                  {verdict.hashMatches ? '✓ ' : '✗ '}
                  {t(verdict.hashMatches ? 'fairnessPage.hashMatches' : 'fairnessPage.hashDiffers')}
                </li>
                <li data-testid="outcome-verdict" data-ok={verdict.outcomeMatches} className={verdict.outcomeMatches ? 'text-green-400' : 'text-red-400'}>
                  {verdict.outcomeMatches ? '✓ ' : '✗ '}
                  {t(verdict.outcomeMatches ? 'fairnessPage.outcomeMatches' : 'fairnessPage.outcomeDiffers')}
                </li>
              </ul>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
