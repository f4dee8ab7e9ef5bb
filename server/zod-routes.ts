import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Route modules declare their routes through this: zod schemas give typed bodies, queries and
 * replies. (Its own file so route modules never import the app that registers them.)
 */
export const zod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
