import { LANGUAGE_LIST, localizePath, type Language } from '../../contracts/languages';

export { localizePath, splitLocalePath } from '../../contracts/languages';

/** getStaticPaths for a page that exists in every language: the default at the root, the others under their prefix. */
export const localePaths = () => LANGUAGE_LIST.map(({ code, prefix }) => ({ params: { lang: prefix || undefined }, props: { lang: code as Language } }));

/** The fairness page checking one round (linked from the game frame and bet history). */
export const verifyRoundHref = (roundId: string, lang: Language) => `${localizePath('/fairness/', lang)}?round=${encodeURIComponent(roundId)}`;
