/**
 * Build configuration (spec section 9), read from PUBLIC_* variables at build time and validated
 * (the build fails on a bad value). The defaults fit the one-process setup (`npm start`): site, API
 * and house games on one origin. Plain checks rather than a zod schema: this module is in every
 * page's JavaScript, and zod would weigh more than everything else the islands need.
 */
const env = import.meta.env as Record<string, string | undefined>;

function read(name: string, fallback: string, valid: (value: string) => boolean = () => true, expected = ''): string {
  const value = env[name] || fallback;
  if (!valid(value)) throw new Error(`${name}=${JSON.stringify(value)} is not valid${expected ? `: ${expected}` : ''}`);
  return value;
}
const isUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export const publicConfig = {
  PUBLIC_BRAND_REF: read('PUBLIC_BRAND_REF', 'coin-casino'),
  PUBLIC_PLATFORM: read('PUBLIC_PLATFORM', 'WEB', (v) => v === 'WEB', 'WEB') as 'WEB',
  PUBLIC_CAPTCHA_PROVIDER: read('PUBLIC_CAPTCHA_PROVIDER', 'house-slider'),
  PUBLIC_CONTENT_TOKEN: read('PUBLIC_CONTENT_TOKEN', ''),
  PUBLIC_SITE_URL: read('PUBLIC_SITE_URL', 'http://localhost:4321', isUrl, 'an http(s) URL'),
  PUBLIC_API_URL: read('PUBLIC_API_URL', '/api'),
  PUBLIC_LOBBY_LAUNCHER_URL: read('PUBLIC_LOBBY_LAUNCHER_URL', '/lobby/launcher.js'),
  PUBLIC_CDN_URL: read('PUBLIC_CDN_URL', ''),
  PUBLIC_SUPPORT_EMAIL: read('PUBLIC_SUPPORT_EMAIL', 'support@coincasino.example', isEmail, 'an email address'),
  /** A third-party measurement id switches page-view analytics from the API's own endpoint to that provider. */
  PUBLIC_ANALYTICS_ID: read('PUBLIC_ANALYTICS_ID', ''),
};
export type PublicConfig = typeof publicConfig;

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
