/**
 * Pure helpers on tournaments (raffles and races) shared by the site and the server. No zod here:
 * the site imports this file, and a contract module would bring its schemas along.
 */
import { PSEUDO_LOCALE_ON, asWrittenIn, isLanguage, languageInfo, type Language } from './languages';

/**
 * The translation a language reads: a pseudo-locale reads its language's, pseudo-localised
 * (contracts/pseudo-locale.ts); `find` picks among the translations by language code.
 */
function readAs<T extends { languageCode: string }>(language: string, find: (code: string) => T | undefined): T | undefined {
  const pseudoOf = PSEUDO_LOCALE_ON && isLanguage(language) ? languageInfo(language).pseudoOf : undefined;
  const found = find(pseudoOf ?? language);
  return found && pseudoOf ? { ...asWrittenIn(found, language as Language), languageCode: found.languageCode } : found;
}

/**
 * The title in a language: that language's translation, else 'default', else the first one
 * (the raffle popup falls back to the first translation; raffle history to 'default' then 'N/A').
 */
export function translationFor<T extends { languageCode: string }>(translations: T[], language: string): T | undefined {
  return readAs(
    language,
    (code) => translations.find((t) => t.languageCode === code) ?? translations.find((t) => t.languageCode === 'default') ?? translations[0],
  );
}

/** That language's translation, else the first one (the raffle popup). */
export function translationOrFirst<T extends { languageCode: string }>(translations: T[], language: string): T | undefined {
  return readAs(language, (code) => translations.find((t) => t.languageCode === code) ?? translations[0]);
}

/** That language's translation, else 'default', else none (raffle history shows N/A). */
export function translationOrDefault<T extends { languageCode: string }>(translations: T[], language: string): T | undefined {
  return readAs(language, (code) => translations.find((t) => t.languageCode === code) ?? translations.find((t) => t.languageCode === 'default'));
}

/** Where a raffle's banner is: `<CDN or the site>/banners/<accountRef>/<bannerFileName>`. */
export const raffleBannerUrl = (cdnUrl: string, accountRef: string, bannerFileName: string) =>
  `${cdnUrl}/banners/${encodeURIComponent(accountRef)}/${encodeURIComponent(bannerFileName)}`;
