import { lazy, Suspense, useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { PlayerPromotion, PromotionsListSchema } from '../../../contracts/promotions';
import { formatPromotionDate } from '../../components/promotion-format';
import { apiCall } from '../../lib/api';
import { localizePath, splitLocalePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import Spinner from '../Spinner';
import 'virtual:strings?pages.promotion,pages.promotions';

/** The slug in /promotions/<slug> (one prerendered page per language serves every slug: server/plugins/site.ts). */
export function slugFromPath(pathname: string): string | null {
  const match = /^\/promotions\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(splitLocalePath(pathname).path);
  return match ? match[1]! : null;
}

// One promotion's page (its text, bonus and claim button) loads on /promotions/<slug> only: home's
// list and /promotions/ never show it.
const loadPromotionPage = () => import('./PromotionPage');
const PromotionPage = lazy(loadPromotionPage);

const fetchPromotions = (lang: Language) =>
  apiCall<typeof PromotionsListSchema>('/promotions', { query: { languageCode: lang }, isQuery: true }).then((r) => r.promotions);

/**
 * Promotions as the back-office keeps them (GET /api/promotions): `list` on the home page
 * and /promotions/, or the page of the promotion in the path (/promotions/<slug>) with its claim button.
 */
export default function Promotions({ lang, mode }: { lang: Language; mode: 'home' | 'page' }) {
  const t = useT(lang, 'pages');
  const [slug, setSlug] = useState<string | null | undefined>(mode === 'home' ? null : undefined);
  const [list, setList] = useState<PlayerPromotion[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mode === 'page') {
      const found = slugFromPath(location.pathname);
      // Asked for with the list, not after it.
      if (found) loadPromotionPage().catch(() => {});
      setSlug(found);
    }
    fetchPromotions(lang).then(setList, () => setFailed(true));
  }, [lang, mode]);

  if (failed) return <p role="alert">{t('pages:promotions.loadFailed')}</p>;
  if (!list || slug === undefined) return <Spinner lang={lang} />;
  if (slug) {
    return (
      <Suspense fallback={<Spinner lang={lang} />}>
        <PromotionPage lang={lang} promotion={list.find((p) => p.slug === slug) ?? null} />
      </Suspense>
    );
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
