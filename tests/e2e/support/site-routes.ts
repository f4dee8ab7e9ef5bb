import { contentFor, localizePath } from '../../../contracts/languages';
import { readFileSync } from 'node:fs';
import { loadPromotions } from '../../../content/promotions';

/** The site's routes (spec section 2) and what each should show, shared by shell.spec.ts and a11y.spec.ts. */
export type Lang = 'ja' | 'en';
export const LANGS: Lang[] = ['ja', 'en'];
/** The window sizes every screen must fit (docs/decisions/0009-screens-that-fit.md): phone, tablet portrait and landscape, laptop. */
export const SIZES = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

type Dict = Record<string, unknown>;
const locale = (lang: Lang, ns: string): Dict => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
const lookup = (dict: Dict, key: string) => String(key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict));

export interface SiteRoute {
  /** Path in Japanese (the root); English adds /en. */
  path: string;
  /** The page title in a language. */
  title: (lang: Lang) => string;
  /** main: main layout with islands; static: static page without islands; inApp: webview page. */
  layout: 'main' | 'static' | 'inApp';
  /** Pages whose islands send signed-out visitors away: checked as the prerendered shell. */
  signedIn?: boolean;
}

const page = (key: string) => (lang: Lang) => lookup(locale(lang, 'pages'), key);

export const ROUTES: SiteRoute[] = [
  { path: '/', title: page('home.title'), layout: 'main' },
  { path: '/category/featured', title: page('category.featured.title'), layout: 'main' },
  { path: '/category/slot', title: page('category.slot.title'), layout: 'main' },
  { path: '/category/live', title: page('category.live.title'), layout: 'main' },
  { path: '/game-launch/no-such-game', title: page('gameLaunch.title'), layout: 'main' },
  { path: '/about', title: page('about.title'), layout: 'static' },
  { path: '/terms-of-use', title: page('terms.title'), layout: 'static' },
  { path: '/privacy-policy', title: page('privacy.title'), layout: 'static' },
  { path: '/contact-us', title: page('contact.title'), layout: 'static' },
  { path: '/reset-password', title: page('resetPassword.title'), layout: 'main' },
  { path: '/unsubscribe', title: page('unsubscribe.title'), layout: 'main' },
  { path: '/settings', title: page('settings.title'), layout: 'main', signedIn: true },
  { path: '/delete-account', title: page('deleteAccount.title'), layout: 'main', signedIn: true },
  { path: '/bet-history', title: page('betHistory.title'), layout: 'main', signedIn: true },
  { path: '/transactions/raffle', title: page('raffleHistory.title'), layout: 'main', signedIn: true },
  { path: '/tournaments', title: page('tournaments.title'), layout: 'main' },
  { path: '/promotions/', title: page('promotions.title'), layout: 'main' },
  ...loadPromotions().map((p): SiteRoute => ({ path: `/promotions/${p.slug}`, title: (lang) => contentFor(p.texts, lang).title, layout: 'main' })),
  { path: '/app-about', title: page('about.title'), layout: 'inApp' },
  { path: '/app-terms', title: page('terms.title'), layout: 'inApp' },
  { path: '/app-privacy-policy', title: page('privacy.title'), layout: 'inApp' },
  { path: '/app-contact-us', title: page('contact.title'), layout: 'inApp' },
  { path: '/password_reset', title: page('contact.title'), layout: 'inApp' },
  { path: '/app-password-reset', title: page('contact.title'), layout: 'inApp' },
];

export const brand = (lang: Lang) => lookup(locale(lang, 'common'), 'brand');
export const common = (lang: Lang, key: string) => lookup(locale(lang, 'common'), key);
export const localized = (path: string, lang: Lang) => localizePath(path, lang);
/** The full document title of a route. */
export const documentTitle = (route: SiteRoute, lang: Lang) => `${route.title(lang)} | ${brand(lang)}`;
