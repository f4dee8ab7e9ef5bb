import type { FastifyInstance } from 'fastify';
import { httpsSite } from '../../config';
import { registerRateLimit } from '../../plugins/rate-limit';
import contentRoutes from './content-routes';
import { guardStaffRoutes, staffCookieName } from './guard';
import playerRoutes from './player-routes';
import reportRoutes from './report-routes';
import staffRoutes from './staff-routes';

/**
 * The back-office API (docs/decisions/0019), under /backoffice, one file per area. Staff sign in with
 * their own cookie (HttpOnly, SameSite=Strict, sent only to this path: the player API never sees it,
 * nor the staff API the player's). Every route declares the right it needs where it is defined
 * (`config: { right }`, guard.ts): the app does not build with one that does not; no staff session
 * answers 401 (players and visitors alike), a role without the right 403 FORBIDDEN. Other modules are
 * read and changed through their entries.
 */
export default async function backofficeRoutes(app: FastifyInstance) {
  await registerRateLimit(app);
  guardStaffRoutes(app, `${app.config.API_BASE}/backoffice`, staffCookieName(httpsSite(app.config)));
  await app.register(staffRoutes);
  await app.register(playerRoutes);
  await app.register(contentRoutes);
  await app.register(reportRoutes);
}
