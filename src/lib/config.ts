/**
 * Build configuration (spec section 9), read from PUBLIC_* variables at build time. The defaults fit
 * the one-process setup (`npm start`): site, API and house games on one origin. The values are
 * checked while the site is built (every page renders there first, so a bad value fails the build);
 * the browser gets the values the build accepted, without the checks (and without zod, which would
 * weigh more than everything else the islands need).
 */
const env = import.meta.env as Record<string, string | undefined>;
const read = (name: string, fallback: string) => env[name] || fallback;

export const publicConfig = {
  PUBLIC_BRAND_REF: read('PUBLIC_BRAND_REF', 'coin-casino'),
  PUBLIC_PLATFORM: read('PUBLIC_PLATFORM', 'WEB') as 'WEB',
  PUBLIC_CAPTCHA_PROVIDER: read('PUBLIC_CAPTCHA_PROVIDER', 'house-slider'),
  PUBLIC_CONTENT_TOKEN: read('PUBLIC_CONTENT_TOKEN', ''),
  PUBLIC_SITE_URL: read('PUBLIC_SITE_URL', 'http://localhost:4321'),
  PUBLIC_API_URL: read('PUBLIC_API_URL', '/api'),
  PUBLIC_LOBBY_LAUNCHER_URL: read('PUBLIC_LOBBY_LAUNCHER_URL', '/lobby/launcher.js'),
  PUBLIC_CDN_URL: read('PUBLIC_CDN_URL', ''),
  PUBLIC_SUPPORT_EMAIL: read('PUBLIC_SUPPORT_EMAIL', 'support@coincasino.example'),
  /** A third-party measurement id switches page-view analytics from the API's own endpoint to that provider. */
  PUBLIC_ANALYTICS_ID: read('PUBLIC_ANALYTICS_ID', ''),
};
export type PublicConfig = typeof publicConfig;

if (import.meta.env.SSR) {
  const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
  const problems = [
    publicConfig.PUBLIC_PLATFORM === 'WEB' || 'PUBLIC_PLATFORM must be WEB',
    isHttpUrl(publicConfig.PUBLIC_SITE_URL) || 'PUBLIC_SITE_URL must be an http(s) URL',
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(publicConfig.PUBLIC_SUPPORT_EMAIL) || 'PUBLIC_SUPPORT_EMAIL must be an email address',
  ].filter((problem) => problem !== true);
  if (problems.length > 0) throw new Error(`Bad build configuration: ${problems.join('; ')}`);
}

export const siteConfig = {
  brandRef: publicConfig.PUBLIC_BRAND_REF,
  platform: publicConfig.PUBLIC_PLATFORM,
  captchaProvider: publicConfig.PUBLIC_CAPTCHA_PROVIDER,
  contentToken: publicConfig.PUBLIC_CONTENT_TOKEN,
  siteUrl: publicConfig.PUBLIC_SITE_URL,
  apiUrl: publicConfig.PUBLIC_API_URL.replace(/\/$/, ''),
  lobbyLauncherUrl: publicConfig.PUBLIC_LOBBY_LAUNCHER_URL,
  cdnUrl: publicConfig.PUBLIC_CDN_URL.replace(/\/$/, ''),
  supportEmail: publicConfig.PUBLIC_SUPPORT_EMAIL,
  analyticsId: publicConfig.PUBLIC_ANALYTICS_ID,
  /** The channel code sent in the CHANNEL header and as siteRef. */
  channel: publicConfig.PUBLIC_PLATFORM,
} as const;
