import { z } from 'zod';
import { body } from './common';
import { UNSUBSCRIBE_TOKEN_PATTERN } from './fields';

/**
 * Marketing email (docs/decisions/0011): a player's choice to receive offers (daily bonus
 * reminders, promotions) by email, off until they turn it on, and the unsubscribe link in each one.
 */

/** GET/POST /marketing/preferences (signed in). */
export const MarketingPreferencesSchema = z.object({ emails: z.boolean() });
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>;
export const MarketingPreferencesUpdateSchema = body({ emails: z.boolean() });

/** The token of an emailed unsubscribe link (32 random bytes, base64url). */
export const UnsubscribeTokenSchema = z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN, 'invalid token');
/** POST /marketing/unsubscribe (no sign-in: the link's token says who). */
export const UnsubscribeRequestSchema = body({ token: UnsubscribeTokenSchema });
