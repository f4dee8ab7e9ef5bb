import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  RecoveryCodesSchema,
  ReasonBodySchema,
  StaffCreateResultSchema,
  StaffCreateSchema,
  StaffIdParamsSchema,
  StaffLanguageSchema,
  StaffListSchema,
  StaffMeSchema,
  StaffRoleChangeSchema,
  StaffSetupConfirmSchema,
  StaffSetupResultSchema,
  StaffSetupSchema,
  StaffSigninSchema,
} from '../../../contracts/backoffice';
import { STAFF_SESSION_ABSOLUTE_MS } from '../../../contracts/backoffice-constants';
import { OkSchema } from '../../../contracts/common';
import { devToolsOn, httpsSite } from '../../config';
import { clock } from '../../clock';
import { limitOf } from '../../plugins/rate-limit';
import { zod } from '../../zod-routes';
import { writeAudit } from '../audit';
import { actorOf, metaOf, staffCookieName, staffOf } from './guard';
import {
  changeStaff,
  confirmSetup,
  createStaff,
  endStaffSessions,
  findStaffSession,
  listStaff,
  setStaffLanguage,
  setupPassword,
  setupUrl,
  staffSignIn,
} from './staff';

/** Set-up, sign-in and sign-out (open), the signed-in member's own account (any), staff management (staff). */
export default async function staffRoutes(app: FastifyInstance) {
  const r = zod(app);
  const base = `${app.config.API_BASE}/backoffice`;
  const secure = httpsSite(app.config);
  const cookieName = staffCookieName(secure);
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure || request.protocol === 'https',
      path: base,
      maxAge: Math.floor(STAFF_SESSION_ABSOLUTE_MS / 1000),
    });
  const open = { right: 'open' as const, rateLimit: limitOf(app, 'SIGNIN_RATE_LIMIT') };

  // ---- Set-up and sign-in
  r.post('/backoffice/setup', { schema: { body: StaffSetupSchema, response: { 200: StaffSetupResultSchema } }, config: open }, async (request) =>
    setupPassword(app.db, request.body.token, request.body.password),
  );
  r.post('/backoffice/setup/confirm', { schema: { body: StaffSetupConfirmSchema, response: { 200: RecoveryCodesSchema } }, config: open }, async (request) => ({
    recoveryCodes: await confirmSetup(app.db, request.body.token, request.body.code),
  }));
  r.post('/backoffice/signin', { schema: { body: StaffSigninSchema, response: { 200: StaffMeSchema } }, config: open }, async (request, reply) => {
    const { token } = await staffSignIn(app.db, app.config, request.body, metaOf(request));
    // A sign-in replaces whatever staff session the browser held.
    if (request.staff) await endStaffSessions(app.db, request.staff.id, request.staff.sessionId);
    const staff = (await findStaffSession(app.db, token))!;
    setCookie(request, reply, token);
    return { email: staff.email, role: staff.role, language: staff.language };
  });
  r.post('/backoffice/signout', { schema: { response: { 200: OkSchema } }, config: { right: 'open' } }, async (request, reply) => {
    if (request.staff) {
      const staff = request.staff;
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('staff_sessions').set({ revoked_at: clock.now() }).where('id', '=', staff.sessionId).execute();
        await writeAudit(trx, actorOf(request, staff), { action: 'staff.signout', target: `staff:${staff.email.toLowerCase()}` });
      });
    }
    reply.clearCookie(cookieName, { path: base, secure });
    return { ok: true as const };
  });
  r.get('/backoffice/me', { schema: { response: { 200: StaffMeSchema } }, config: { right: 'any' } }, async (request) => {
    const staff = staffOf(request);
    return { email: staff.email, role: staff.role, language: staff.language };
  });
  r.post('/backoffice/me/language', { schema: { body: StaffLanguageSchema, response: { 200: OkSchema } }, config: { right: 'any' } }, async (request) => {
    await setStaffLanguage(app.db, staffOf(request).id, request.body.language);
    return { ok: true as const };
  });

  // ---- Staff management (admin)
  r.get('/backoffice/staff', { schema: { response: { 200: StaffListSchema } }, config: { right: 'staff' } }, async () => ({ staff: await listStaff(app.db) }));
  r.post(
    '/backoffice/staff',
    { schema: { body: StaffCreateSchema, response: { 200: StaffCreateResultSchema } }, config: { right: 'staff' } },
    async (request) => {
      const { token } = await createStaff(app.db, actorOf(request), request.body.email, request.body.role);
      return { email: request.body.email, role: request.body.role, setupUrl: setupUrl(app.config, token) };
    },
  );
  r.post(
    '/backoffice/staff/:id/role',
    { schema: { params: StaffIdParamsSchema, body: StaffRoleChangeSchema, response: { 200: OkSchema } }, config: { right: 'staff' } },
    async (request) => {
      await changeStaff(app.db, actorOf(request), request.params.id, { role: request.body.role }, request.body.reason);
      return { ok: true as const };
    },
  );
  r.post(
    '/backoffice/staff/:id/deactivate',
    { schema: { params: StaffIdParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } }, config: { right: 'staff' } },
    async (request) => {
      await changeStaff(app.db, actorOf(request), request.params.id, { deactivate: true }, request.body.reason);
      return { ok: true as const };
    },
  );

  if (devToolsOn(app.config)) {
    // Development aid for end-to-end tests against a running server (absent in production): what
    // `npm run admin -- staff:create` does, for a server that holds the embedded database.
    r.post('/dev/staff', { schema: { body: StaffCreateSchema, response: { 200: StaffCreateResultSchema } } }, async (request) => {
      const { token } = await createStaff(
        app.db,
        { actor: 'dev-tools', role: 'cli', ip: request.ip, requestId: String(request.id) },
        request.body.email,
        request.body.role,
      );
      return { email: request.body.email, role: request.body.role, setupUrl: setupUrl(app.config, token) };
    });
  }
}
