import { z } from 'zod';

/**
 * Build configuration (spec section 9), read from PUBLIC_* variables at build time and validated.
 * The defaults fit the one-process setup (`npm start`): site, API and house games on one origin.
 */
const PublicConfigSchema = z.object({
  PUBLIC_BRAND_REF: z.string().min(1).default('coin-casino'),
  PUBLIC_PLATFORM: z.literal('WEB').default('WEB'),
  PUBLIC_CAPTCHA_PROVIDER: z.string().min(1).default('house-slider'),
  PUBLIC_CONTENT_TOKEN: z.string().default(''),
  PUBLIC_SITE_URL: z.string().url().default('http://localhost:4321'),
  PUBLIC_API_URL: z.string().min(1).default('/api'),
  PUBLIC_LOBBY_LAUNCHER_URL: z.string().min(1).default('/lobby/launcher.js'),
  PUBLIC_CDN_URL: z.string().default(''),
  PUBLIC_SUPPORT_EMAIL: z.string().email().default('support@coincasino.example'),
  /** A third-party measurement id switches page-view analytics from the API's own endpoint to that provider. */
  PUBLIC_ANALYTICS_ID: z.string().default(''),
});

const env = import.meta.env as Record<string, string | undefined>;
const present = Object.fromEntries(
  Object.keys(PublicConfigSchema.shape).flatMap((k) => (env[k] ? [[k, env[k]]] : [])),
);

export const publicConfig = PublicConfigSchema.parse(present);
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
