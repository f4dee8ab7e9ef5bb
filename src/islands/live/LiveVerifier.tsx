import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { createLiveVerifier, type Problem } from '../../stores/liveVerify';
import { resultText } from './labels';
import 'virtual:strings?live.results,live.tables,live.verify';

/**
 * /fairness/live: a live round checked in this browser (src/stores/liveVerify.ts). The round id
 * comes from the form or from `?round=` (the table's history links here).
 */
export default function LiveVerifier({ lang }: { lang: Language }) {
  const t = useT(lang, 'live');
  const [verifier] = useState(() => createLiveVerifier());
  const { state } = useStore(verifier.$verify);
  const [input, setInput] = useState('');
  useEffect(() => {
    const round = new URLSearchParams(location.search).get('round');
    if (round) {
      setInput(round);
      void verifier.verify(round);
    }
  }, [verifier]);

  const problemText = (p: Problem) => {
    switch (p.kind) {
      case 'result':
        return t('verify.resultDiffers', { recorded: p.recorded ? resultText(t, p.recorded) : '—', computed: resultText(t, p.computed) });
      case 'seedHash':
        return t('verify.seedHashDiffers');
      case 'chain':
        return t('verify.chainDiffers');
      case 'chainMissing':
        return t('verify.chainMissing');
    }
  };

  return (
    <section aria-labelledby="live-verify-heading" className="rounded-xl border border-brown-600 bg-brown-900 p-4" data-testid="live-verifier">
      <h2 id="live-verify-heading" className="mb-2 text-xl font-bold text-gold-400">
        {t('verify.heading')}
      </h2>
      <p className="mb-3 text-sm text-cream/85">{t('verify.intro')}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void verifier.verify(input);
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          {t('verify.label')}
          <input
            className="field font-mono"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            spellCheck={false}
            autoComplete="off"
            data-testid="live-verify-input"
          />
        </label>
        <button type="submit" className="btn-gold" disabled={state.status === 'checking'}>
          {t('verify.submit')}
        </button>
      </form>
      <div aria-live="polite" className="mt-3" data-testid="live-verify-result" data-status={state.status}>
        {state.status === 'checking' && <p>{t('verify.checking')}</p>}
        {state.status === 'notFound' && <p role="alert">{t('verify.notFound')}</p>}
        {state.status === 'failed' && <p role="alert">{t('verify.failed')}</p>}
        {state.status === 'notRevealed' && <p>{t('verify.notRevealed')}</p>}
        {state.status === 'done' && (
          <>
            {state.problems.length === 0 ? (
              <p className="rounded-md bg-green-900 p-2 font-bold text-cream" data-testid="live-verified">
                ✓ {t('verify.verified')}
              </p>
            ) : (
              <div className="rounded-md border border-red-500 bg-red-950/40 p-2">
                <p className="font-bold">{t('verify.differs')}</p>
                <ul className="list-disc ps-5">
                  {state.problems.map((p) => (
                    <li key={p.kind}>{problemText(p)}</li>
                  ))}
                </ul>
              </div>
            )}
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
              <dt className="text-cream/70">{t('verify.table')}</dt>
              <dd>{t(`tables.${state.record.tableId}` as 'tables.roulette-live')}</dd>
              <dt className="text-cream/70">{t('verify.position')}</dt>
              <dd>{state.record.position}</dd>
              <dt className="text-cream/70">{t('verify.recorded')}</dt>
              <dd>{state.record.result ? resultText(t, state.record.result) : '—'}</dd>
              <dt className="text-cream/70">{t('verify.computed')}</dt>
              <dd data-testid="live-verify-computed">{resultText(t, state.computed)}</dd>
              <dt className="text-cream/70">{t('verify.seed')}</dt>
              <dd className="break-all font-mono text-xs">{state.record.seed}</dd>
              <dt className="text-cream/70">{t('verify.seedHash')}</dt>
              <dd className="break-all font-mono text-xs">{state.record.seedHash}</dd>
              <dt className="text-cream/70">{t('verify.terminalHash')}</dt>
              <dd className="break-all font-mono text-xs">{state.terminalHash ?? '—'}</dd>
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
