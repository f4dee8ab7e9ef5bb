import { z } from 'zod';

export const OutboxQuerySchema = z.strictObject({
  to: z.string().min(1).max(254).optional(),
  channel: z.enum(['email', 'sms']).optional(),
});
export const OutboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export const OutboxListSchema = z.object({ messages: z.array(OutboxMessageSchema) });
