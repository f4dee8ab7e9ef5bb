import type { FastifyInstance } from 'fastify';
import systemRoutes from './system/routes';
import outboxRoutes from './outbox/routes';

/** Every API module, registered under API_BASE in this order. One line per domain. */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [systemRoutes, outboxRoutes];
