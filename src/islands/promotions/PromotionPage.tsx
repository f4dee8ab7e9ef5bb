import { useEffect } from 'react';
import type { Language } from '../../../contracts/constants';
import { formatNumber } from '../../../contracts/languages';
import type { PlayerPromotion } from '../../../contracts/promotions';
import { formatPromotionDate } from '../../components/promotion-format';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import PromotionClaim from '../wallet/PromotionClaim';
// Its strings come with Promotions.tsx, its one importer (the same strings module here would be a chunk
// of its own on home).

/** The page of the promotion in the path (Promotions.tsx loads it on /promotions/<slug>), or "not running" when the list has no such promotion. */
export default function PromotionPage({ lang, promotion }: { lang: Language; promotion: PlayerPromotion | null }) {
  return promotion ? <PromotionDetails lang={lang} promotion={promotion} /> : <NotRunning lang={lang} />;
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

function PromotionDetails({ lang, promotion }: { lang: Language; promotion: PlayerPromotion }) {
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
