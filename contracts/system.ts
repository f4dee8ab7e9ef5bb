import { z } from 'zod';
import { body, LanguageSchema } from './common';

export const ChannelQuerySchema = z.strictObject({ channelCode: z.string().min(1).max(32) });
/** Channel flags keep the spec's spelling `maintenence` on the wire (decisions.md). */
export const ChannelFlagsSchema = z.object({ maintenence: z.boolean(), captcha: z.boolean() });
export type ChannelFlags = z.infer<typeof ChannelFlagsSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const PageViewSchema = body({
  path: z.string().min(1).max(512).startsWith('/'),
  language: LanguageSchema,
  referrer: z.string().max(1024).optional(),
});
export type PageView = z.infer<typeof PageViewSchema>;
