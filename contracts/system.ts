import { z } from 'zod';
import { body, LanguageSchema } from './common';

export const ChannelQuerySchema = z.strictObject({ channelCode: z.string().min(1).max(32) });
/** Channel flags keep the spec's spelling `maintenence` on the wire (decisions.md). */
export const ChannelFlagsSchema = z.object({ maintenence: z.boolean(), captcha: z.boolean() });
export type ChannelFlags = z.infer<typeof ChannelFlagsSchema>;
/**
 * A channel as configured (CHANNELS): its public flags plus `bearer`, whether sign-in hands the
 * session token to the client in the body (in-app webviews); the web channel relies on the cookie.
 */
export const ChannelConfigSchema = ChannelFlagsSchema.extend({ bearer: z.boolean().default(false) });
export type ChannelConfig = z.infer<typeof ChannelConfigSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
/** GET /health/live: the process answers (no I/O). */
export const LiveSchema = z.object({ status: z.literal('ok') });
/** GET /health/ready: database reachable, migrations applied, not draining (else 503 SERVICE_UNAVAILABLE). */
export const ReadySchema = z.object({ status: z.literal('ready') });

export const PageViewSchema = body({
  path: z.string().min(1).max(512).startsWith('/'),
  language: LanguageSchema,
  referrer: z.string().max(1024).optional(),
});
export type PageView = z.infer<typeof PageViewSchema>;
