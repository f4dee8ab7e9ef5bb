import type { Language } from '../../../contracts/constants';
import type { Dashboard } from '../../../contracts/backoffice';
import { bo, errorText, fmtNum, Section, useBo, useLoad } from './shared';

const pct = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(2)}%`);

export function DashboardView({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const { data, error } = useLoad(() => bo<Dashboard>('/dashboard'), []);
  if (error) return <p role="alert">{errorText(t, error)}</p>;
  if (!data) return <p>{t('loading')}</p>;
  const period = (title: string, p: Dashboard['today']) => (
    <Section title={title}>
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-cream/80">{t('dashboard.signups')}</dt>
          <dd className="text-xl font-bold">{fmtNum(lang, p.signups)}</dd>
        </div>
        <div>
          <dt className="text-cream/80">{t('dashboard.active')}</dt>
          <dd className="text-xl font-bold">{fmtNum(lang, p.activePlayers)}</dd>
        </div>
      </dl>
      <h3 className="mb-1 font-bold">{t('dashboard.issued')}</h3>
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {(['signup', 'daily', 'promotion', 'raffle', 'race', 'adjustment'] as const).map((k) => (
          <div key={k}>
            <dt className="text-cream/80">{t(`dashboard.${k}`)}</dt>
            <dd className="font-semibold tabular-nums">{fmtNum(lang, p.coinsIssued[k])}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-1 font-bold">{t('dashboard.games')}</h3>
      <table className="table-stack w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.game')}</th>
            <th scope="col">{t('dashboard.wagered')}</th>
            <th scope="col">{t('dashboard.won')}</th>
            <th scope="col">{t('dashboard.measured')}</th>
            <th scope="col">{t('dashboard.declared')}</th>
          </tr>
        </thead>
        <tbody>
          {p.games.map((g) => (
            <tr key={g.gameCode} className="border-t border-brown-700">
              <td className="py-1 pr-2 font-mono" data-label={t('dashboard.game')}>
                {g.gameCode}
              </td>
              <td className="py-1 pr-2 tabular-nums" data-label={t('dashboard.wagered')}>
                {fmtNum(lang, g.wagered)}
              </td>
              <td className="py-1 pr-2 tabular-nums" data-label={t('dashboard.won')}>
                {fmtNum(lang, g.won)}
              </td>
              <td className="py-1 pr-2 tabular-nums" data-label={t('dashboard.measured')}>
                {pct(g.measuredRtp)}
              </td>
              <td className="py-1 pr-2 tabular-nums" data-label={t('dashboard.declared')}>
                {pct(g.declaredRtp)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
  return (
    <>
      <p className="mb-4 text-lg">
        {t('dashboard.openRounds')}: <strong>{fmtNum(lang, data.openRounds)}</strong>
      </p>
      {period(t('dashboard.today'), data.today)}
      {period(t('dashboard.last30'), data.last30Days)}
    </>
  );
}
