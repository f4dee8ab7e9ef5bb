import { z } from 'zod';
import { LANGUAGES } from './constants';

export const LanguageSchema = z.enum(LANGUAGES);

/** A JSON object that rejects unknown fields: a client sending more than the contract is an error. */
export const body = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

export const OkSchema = z.object({ ok: z.literal(true) });
