import { DEFAULT_LANGUAGE, type Language } from '../../contracts/constants';

/** getStaticPaths for a page that exists in both languages: ja at the root, en under /en/. */
export const localePaths = () => [
  { params: { lang: undefined }, props: { lang: 'ja' as Language } },
  { params: { lang: 'en' }, props: { lang: 'en' as Language } },
];

/** The path of a site page in a language: localizePath('/about', 'en') === '/en/about'. */
export function localizePath(path: string, lang: Language): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === DEFAULT_LANGUAGE) return clean;
  return clean === '/' ? '/en/' : `/en${clean}`;
}

/** The language a path belongs to and the path without its language prefix. */
export function splitLocalePath(pathname: string): { lang: Language; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { lang: 'en', path: pathname.slice(3) || '/' };
  }
  return { lang: 'ja', path: pathname || '/' };
}

/** The fairness page checking one round (linked from the game frame and bet history). */
export const verifyRoundHref = (roundId: string, lang: Language) => `${localizePath('/fairness/', lang)}?round=${encodeURIComponent(roundId)}`;
