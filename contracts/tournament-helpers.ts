/**
 * Pure helpers on tournaments (raffles and races) shared by the site and the server. No zod here:
 * the site imports this file, and a contract module would bring its schemas along.
 */

/**
 * The title in a language: that language's translation, else 'default', else the first one
 * (the raffle popup falls back to the first translation; raffle history to 'default' then 'N/A').
 */
export function translationFor<T extends { languageCode: string }>(translations: T[], language: string): T | undefined {
  return translations.find((t) => t.languageCode === language) ?? translations.find((t) => t.languageCode === 'default') ?? translations[0];
}

/** Where a raffle's banner is: `<CDN or the site>/banners/<accountRef>/<bannerFileName>`. */
export const raffleBannerUrl = (cdnUrl: string, accountRef: string, bannerFileName: string) =>
  `${cdnUrl}/banners/${encodeURIComponent(accountRef)}/${encodeURIComponent(bannerFileName)}`;
