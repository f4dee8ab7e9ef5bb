import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { roleHas, type StaffRight } from '../../../contracts/backoffice-constants';
import { AppError } from '../../errors';
import type { AuditActor } from '../audit';
import { findStaffSession, type SignedInStaff } from './staff';

/**
 * What a back-office route needs, declared where the route is defined (`config: { right }`): a staff
 * right, `'any'` for every signed-in staff member, `'open'` for set-up, sign-in and sign-out.
 */
export type RouteRight = StaffRight | 'any' | 'open';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes only: the staff right the route needs (backoffice/guard.ts). */
    right?: RouteRight;
  }
  interface FastifyRequest {
    staff: SignedInStaff | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The staff session cookie: HttpOnly, SameSite=Strict, sent only under the back-office's path. */
export const staffCookieName = (secure: boolean) => (secure ? '__Secure-staff_session' : 'staff_session');

/**
 * Guards the back-office's routes: registering one under `base` without a declared right fails the
 * app's build, and every request is checked against its route's right before it is even validated
 * (no staff session: 401 for players and visitors alike; a role without the right: 403 FORBIDDEN).
 */
export function guardStaffRoutes(app: FastifyInstance, base: string, cookieName: string): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(base)) return;
    const right = route.config?.right;
    if (!right) throw new Error(`${route.method} ${route.url} declares no staff right: give it config: { right }`);
  });
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith(base)) return;
    const token = request.cookies[cookieName];
    // The player API's Origin check knows the player cookie; the staff cookie is held to the same rule.
    if (token && STATE_CHANGING.has(request.method) && !request.headers.origin && !request.headers.referer) {
      throw new AppError('FORBIDDEN_ORIGIN', 'A call with the staff cookie needs an Origin header of the site');
    }
    if (token) request.staff = await findStaffSession(app.db, token);
    const right = request.routeOptions.config.right;
    if (right && right !== 'open') requireRight(request, right);
  });
}

function requireRight(request: FastifyRequest, right: Exclude<RouteRight, 'open'>): SignedInStaff {
  if (!request.staff) throw new AppError('UNAUTHORIZED', 'Staff sign-in required');
  if (right !== 'any' && !roleHas(request.staff.role, right)) throw new AppError('FORBIDDEN', `The ${request.staff.role} role cannot do this`);
  return request.staff;
}

/** The signed-in staff member of a route that declared a right (the guard has checked it already). */
export const staffOf = (request: FastifyRequest): SignedInStaff => requireRight(request, 'any');

export const actorOf = (request: FastifyRequest, staff: SignedInStaff = staffOf(request)): AuditActor => ({
  actor: staff.email,
  role: staff.role,
  ip: request.ip,
  requestId: String(request.id),
});

export const metaOf = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });
