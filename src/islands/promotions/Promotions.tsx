import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { formatNumber } from '../../../contracts/languages';
import type { PlayerPromotion, PromotionsListSchema } from '../../../contracts/promotions';
import { formatPromotionDate } from '../../components/promotion-format';
import { apiCall } from '../../lib/api';
import { localizePath, splitLocalePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import PromotionClaim from '../wallet/PromotionClaim';
import Spinner from '../Spinner';
import 'virtual:strings?pages.promotion,pages.promotions';

/** The slug in /promotions/<slug> (one prerendered page per language serves every slug: server/plugins/site.ts). */
export function slugFromPath(pathname: string): string | null {
  const match = /^\/promotions\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(splitLocalePath(pathname).path);
  return match ? match[1]! : null;
}

const fetchPromotions = (lang: Language) =>
  apiCall<typeof PromotionsListSchema>('/promotions', { query: { languageCode: lang }, isQuery: true }).then((r) => r.promotions);

/**
 * Promotions as the back-office keeps them (GET /api/promotions, issue 27): `list` on the home page
 * and /promotions/, or the page of the promotion in the path (/promotions/<slug>) with its claim button.
 */
export default function Promotions({ lang, mode }: { lang: Language; mode: 'home' | 'page' }) {
  const t = useT(lang, 'pages');
  const [slug, setSlug] = useState<string | null | undefined>(mode === 'home' ? null : undefined);
  const [list, setList] = useState<PlayerPromotion[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mode === 'page') setSlug(slugFromPath(location.pathname));
    fetchPromotions(lang).then(setList, () => setFailed(true));
  }, [lang, mode]);

  if (failed) return <p role="alert">{t('pages:promotions.loadFailed')}</p>;
  if (!list || slug === undefined) return <Spinner lang={lang} />;
  if (slug) {
    const promotion = list.find((p) => p.slug === slug);
    return promotion ? <PromotionPage lang={lang} promotion={promotion} /> : <NotRunning lang={lang} />;
  }
  const heading = (text: string) => (mode === 'page' ? <h2 className="text-lg font-bold">{text}</h2> : <h3 className="text-lg font-bold">{text}</h3>);
  return (
    <>
      {mode === 'page' && <h1 className="mb-6 text-2xl font-bold text-gold-400 sm:text-3xl">{t('pages:promotions.title')}</h1>}
      {list.length === 0 ? (
        <p>{t('pages:promotions.none')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="promotion-list">
          {list.map((p) => (
            <li
              key={p.slug}
              className="flex flex-col gap-2 rounded-xl border border-brown-700 bg-brown-900/80 p-4"
              data-testid="promotion-card"
              data-slug={p.slug}
            >
              {heading(p.title)}
              <p className="text-sm text-cream/85">{p.summary}</p>
              <p className="text-xs text-cream/75">
                {t('pages:promotion.period', { start: formatPromotionDate(p.startsAt, lang), end: formatPromotionDate(p.endsAt, lang) })}
              </p>
              <a href={localizePath(`/promotions/${p.slug}`, lang)} className="mt-auto self-start font-semibold text-gold-400 underline underline-offset-2">
                {t('pages:promotion.more')}
                <span className="sr-only">: {p.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function NotRunning({ lang }: { lang: Language }) {
  const t = useT(lang, 'pages');
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-gold-400">{t('pages:promotions.notFound')}</h1>
      <a href={localizePath('/promotions/', lang)} className="font-semibold text-gold-400 underline underline-offset-2">
        {t('pages:promotions.all')}
      </a>
    </>
  );
}

function PromotionPage({ lang, promotion }: { lang: Language; promotion: PlayerPromotion }) {
  const t = useT(lang, 'pages');
  useEffect(() => {
    document.title = document.title.replace(/^[^|｜]*/, `${promotion.title} `);
  }, [promotion.title]);
  const paragraphs = promotion.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <article className="max-w-3xl" data-testid="promotion-page">
      {promotion.image && <img src={promotion.image} alt="" className="mb-6 w-full rounded-xl border border-brown-700" />}
      <h1 className="text-2xl font-bold text-gold-400 sm:text-3xl">{promotion.title}</h1>
      <p className="mb-6 mt-3 text-lg text-cream/90">{promotion.summary}</p>
      <dl className="mb-6 grid gap-2 rounded-xl border border-brown-700 bg-brown-900/70 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="sr-only">{t('pages:promotion.periodLabel')}</dt>
          <dd>{t('pages:promotion.period', { start: formatPromotionDate(promotion.startsAt, lang), end: formatPromotionDate(promotion.endsAt, lang) })}</dd>
        </div>
        {promotion.bonus !== null && (
          <div>
            <dt className="sr-only">{t('pages:promotion.bonusLabel')}</dt>
            <dd className="font-bold text-gold-400" data-testid="promotion-bonus">
              {t('pages:promotion.bonus', { amount: formatNumber(promotion.bonus, lang) })}
            </dd>
          </div>
        )}
      </dl>
      {promotion.bonus !== null && (
        <div id="promotion-claim" className="mb-6" data-promo-slug={promotion.slug} data-bonus={promotion.bonus}>
          <PromotionClaim lang={lang} promoSlug={promotion.slug} bonus={promotion.bonus} />
        </div>
      )}
      <div className="prose-page">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {promotion.bonus !== null && <p className="mt-6 text-sm text-cream/75">{t('pages:promotion.playMoney')}</p>}
    </article>
  );
}
