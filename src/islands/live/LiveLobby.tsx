import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { createLiveLobby, secondsLeft } from '../../stores/liveLobby';
import { resultChipClass, resultShort, resultText, useNow } from './labels';
import 'virtual:strings?live.lobby,live.phase,live.results,live.status,live.tableLead,live.tables';

/**
 * The shared tables at the top of the Live Casino page: each table's phase and countdown, how many
 * watch, its last results and the way in. The build renders the tables' names and links; the
 * server's figures fill in once read (src/stores/liveTable.ts createLiveLobby).
 */
export default function LiveLobby({ lang, tables: defs }: { lang: Language; tables: Array<{ id: string }> }) {
  const t = useT(lang, 'live');
  const [lobby] = useState(() => createLiveLobby());
  useEffect(() => {
    lobby.start();
    return () => lobby.stop();
  }, [lobby]);
  const { tables, offset, failed } = useStore(lobby.$lobby);
  const now = useNow(250);

  return (
    <section aria-labelledby="live-tables-heading" className="mb-10" data-testid="live-lobby">
      <h2 id="live-tables-heading" className="mb-1 text-xl font-bold text-gold-400">
        {t('lobby.heading')}
      </h2>
      <p className="mb-4 max-w-3xl text-sm text-cream/85">{t('lobby.intro')}</p>
      {failed && (
        <p role="alert" className="mb-3 rounded border border-red-500 bg-red-950/40 p-3 text-sm">
          {t('lobby.failed')}
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {defs.map((def) => {
          const live = tables?.find((x) => x.id === def.id);
          const name = t(`tables.${def.id}` as `tables.roulette-live`);
          const seconds = live ? secondsLeft(live.phaseEndsAt, now, offset) : null;
          const phase = live?.phase ?? null;
          return (
            <li
              key={def.id}
              className="flex flex-col rounded-xl border border-brown-600 bg-brown-900 p-4 shadow"
              data-testid="live-table-card"
              data-table={def.id}
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-lg font-bold">{name}</h3>
                <span className="flex shrink-0 items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-black tracking-wide text-cream">
                  <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-cream motion-safe:animate-pulse" />
                  {t('lobby.badge')}
                </span>
              </div>
              {/* The betting time is the server's (LIVE_FAST shortens it), shown once the tables are read. */}
              <p className="mt-1 text-sm text-cream/80" data-testid="live-table-lead">
                {live
                  ? t('lobby.leadWithTime', { lead: t(`tableLead.${def.id}` as `tableLead.roulette-live`), seconds: Math.round(live.bettingMs / 1000) })
                  : t(`tableLead.${def.id}` as `tableLead.roulette-live`)}
              </p>
              <div className="mt-3 flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-live="off">
                {phase ? (
                  <>
                    <span className={`rounded px-2 py-0.5 font-bold ${phase === 'betting' ? 'bg-green-800' : 'bg-brown-700'}`} data-testid="live-phase">
                      {t(`phase.${phase}`)}
                    </span>
                    {phase !== 'waiting' && seconds !== null && (
                      <span className="font-mono tabular-nums text-gold-400" data-testid="live-countdown">
                        {t('status.countdown', { seconds })}
                      </span>
                    )}
                    <span className="text-cream/80" data-testid="live-watchers">
                      {t('status.watchers', { count: live?.watchers ?? 0 })}
                    </span>
                  </>
                ) : (
                  <span className="text-cream/70">{failed ? '' : t('lobby.loading')}</span>
                )}
              </div>
              <div className="mt-3">
                <p className="mb-1 text-xs text-cream/70">{t('lobby.lastResults')}</p>
                {live && live.lastResults.length > 0 ? (
                  <ol className="flex flex-wrap gap-1" aria-label={t('lobby.lastResults')} data-testid="live-last-results">
                    {live.lastResults.slice(0, 12).map((r, i) => (
                      <li
                        key={i}
                        className={`min-w-7 rounded px-1.5 text-center text-xs font-bold leading-6 text-cream ${resultChipClass(r)} ${i === 0 ? 'ring-2 ring-gold-400' : ''}`}
                      >
                        <span aria-hidden="true">{resultShort(t, r)}</span>
                        <span className="sr-only">{resultText(t, r)}</span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-xs leading-6 text-cream/60">{live ? t('lobby.noResults') : '\u00a0'}</p>
                )}
              </div>
              <a href={localizePath(`/live/${def.id}`, lang)} className="btn-gold mt-4 self-start" data-testid="live-join">
                {t('lobby.joinShort')}
                <span className="sr-only">{t('lobby.joinName', { table: name })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
