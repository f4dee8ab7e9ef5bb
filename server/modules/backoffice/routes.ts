import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountRefParamsSchema,
  AdjustmentDecisionSchema,
  AdjustmentIdParamsSchema,
  AdjustmentListQuerySchema,
  AdjustmentListSchema,
  AdjustmentRequestSchema,
  AdjustmentResultSchema,
  AuditListSchema,
  AuditQuerySchema,
  BackofficePromotionCreateSchema,
  BackofficePromotionUpdateSchema,
  BackofficeRaceCreateSchema,
  ContentPromotionListSchema,
  PromotionSlugParamsSchema,
  BackofficeRaceTextsSchema,
  BackofficeRaffleCreateSchema,
  ContentRaceListSchema,
  ContentGameListSchema,
  ContentRaffleListSchema,
  DashboardSchema,
  GameCodeParamsSchema,
  GameUpdateSchema,
  Player360Schema,
  PlayerSearchQuerySchema,
  PlayerSearchResultSchema,
  RaceRefParamsSchema,
  RaffleRefBodyParamsSchema,
  ReasonBodySchema,
  RecoveryCodesSchema,
  RevokeResultSchema,
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
import { roleHas, STAFF_SESSION_ABSOLUTE_MS, type StaffRight } from '../../../contracts/backoffice-constants';
import { OkSchema } from '../../../contracts/common';
import { devToolsOn, httpsSite } from '../../config';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { limitOf, registerRateLimit } from '../../plugins/rate-limit';
import { toAuditEntry, writeAudit, type AuditActor } from '../audit';
import { cancelRaffle, createRaffle, findRaffle, listRaffles } from '../raffle';
import { drawRaffle } from '../raffle';
import { cancelRace, createRace, updateRaceTexts } from '../tournaments';
import { insertPromotion, listPromotions, updatePromotion } from '../promotions';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments';
import { dashboard } from './dashboard';
import { player360, revokePlayerSessions, searchPlayers, setPlayerLock } from './players';
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
  type SignedInStaff,
} from './staff';

declare module 'fastify' {
  interface FastifyRequest {
    staff: SignedInStaff | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What each route needs, checked before the request is even validated (so a visitor gets 401 and
 * a role without the right 403 whatever they send). Set-up, sign-in and sign-out are open; every
 * handler checks again with requireStaff, so a route missing here is still guarded.
 */
const ROUTE_RIGHTS: Record<string, StaffRight | 'any'> = {
  'GET /backoffice/me': 'any',
  'POST /backoffice/me/language': 'any',
  'GET /backoffice/players': 'players.view',
  'GET /backoffice/players/:accountRef': 'players.view',
  'POST /backoffice/players/:accountRef/lock': 'players.lock',
  'POST /backoffice/players/:accountRef/unlock': 'players.lock',
  'POST /backoffice/players/:accountRef/sessions/revoke': 'players.sessions',
  'POST /backoffice/adjustments': 'adjustments',
  'GET /backoffice/adjustments': 'adjustments',
  'POST /backoffice/adjustments/:id/approve': 'adjustments',
  'POST /backoffice/adjustments/:id/reject': 'adjustments',
  'GET /backoffice/audit': 'audit',
  'GET /backoffice/staff': 'staff',
  'POST /backoffice/staff': 'staff',
  'POST /backoffice/staff/:id/role': 'staff',
  'POST /backoffice/staff/:id/deactivate': 'staff',
  'GET /backoffice/raffles': 'content',
  'POST /backoffice/raffles': 'content',
  'POST /backoffice/raffles/:ref/cancel': 'content',
  'POST /backoffice/raffles/:ref/draw': 'content',
  'GET /backoffice/races': 'content',
  'POST /backoffice/races': 'content',
  'POST /backoffice/races/:ref': 'content',
  'POST /backoffice/races/:ref/cancel': 'content',
  'GET /backoffice/promotions': 'content',
  'POST /backoffice/promotions': 'content',
  'POST /backoffice/promotions/:slug': 'content',
  'POST /backoffice/promotions/:slug/publish': 'content',
  'POST /backoffice/promotions/:slug/unpublish': 'content',
  'GET /backoffice/games': 'content',
  'POST /backoffice/games/:code': 'content',
  'GET /backoffice/dashboard': 'dashboard',
};

/**
 * The back-office API (issue 27, docs/decisions/0019), under /backoffice. Staff sign in with their
 * own cookie (HttpOnly, SameSite=Strict, sent only to this path: the player API never sees it,
 * nor the staff API the player's). Every route but set-up and sign-in names the right it needs:
 * no staff session answers 401 (players and visitors alike), a role without the right 403 FORBIDDEN.
 */
export default async function backofficeRoutes(app: FastifyInstance) {
  await registerRateLimit(app);
  const r = zod(app);
  const base = `${app.config.API_BASE}/backoffice`;
  const secure = httpsSite(app.config);
  const cookieName = secure ? '__Secure-staff_session' : 'staff_session';

  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith(base)) return;
    const token = request.cookies[cookieName];
    // The player API's Origin check knows the player cookie; the staff cookie is held to the same rule.
    if (token && STATE_CHANGING.has(request.method) && !request.headers.origin && !request.headers.referer) {
      throw new AppError('FORBIDDEN_ORIGIN', 'A call with the staff cookie needs an Origin header of the site');
    }
    if (token) request.staff = await findStaffSession(app.db, token);
    const need = ROUTE_RIGHTS[`${request.method} ${request.routeOptions.url.slice(app.config.API_BASE.length)}`];
    if (need) requireStaff(request, need === 'any' ? undefined : need);
  });

  const requireStaff = (request: FastifyRequest, right?: StaffRight): SignedInStaff => {
    if (!request.staff) throw new AppError('UNAUTHORIZED', 'Staff sign-in required');
    if (right && !roleHas(request.staff.role, right)) throw new AppError('FORBIDDEN', `The ${request.staff.role} role cannot do this`);
    return request.staff;
  };
  const actor = (request: FastifyRequest, staff: SignedInStaff): AuditActor => ({
    actor: staff.email,
    role: staff.role,
    ip: request.ip,
    requestId: String(request.id),
  });
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure || request.protocol === 'https',
      path: base,
      maxAge: Math.floor(STAFF_SESSION_ABSOLUTE_MS / 1000),
    });
  const signinLimit = { rateLimit: limitOf(app, 'SIGNIN_RATE_LIMIT') };

  // ---- Set-up and sign-in
  r.post('/backoffice/setup', { schema: { body: StaffSetupSchema, response: { 200: StaffSetupResultSchema } }, config: signinLimit }, async (request) =>
    setupPassword(app.db, request.body.token, request.body.password),
  );
  r.post(
    '/backoffice/setup/confirm',
    { schema: { body: StaffSetupConfirmSchema, response: { 200: RecoveryCodesSchema } }, config: signinLimit },
    async (request) => ({
      recoveryCodes: await confirmSetup(app.db, request.body.token, request.body.code),
    }),
  );
  r.post('/backoffice/signin', { schema: { body: StaffSigninSchema, response: { 200: StaffMeSchema } }, config: signinLimit }, async (request, reply) => {
    const { token } = await staffSignIn(app.db, app.config, request.body, meta(request));
    // A sign-in replaces whatever staff session the browser held.
    if (request.staff) await endStaffSessions(app.db, request.staff.id, request.staff.sessionId);
    const staff = (await findStaffSession(app.db, token))!;
    setCookie(request, reply, token);
    return { email: staff.email, role: staff.role, language: staff.language };
  });
  r.post('/backoffice/signout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    if (request.staff) {
      const staff = request.staff;
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('staff_sessions').set({ revoked_at: clock.now() }).where('id', '=', staff.sessionId).execute();
        await writeAudit(trx, actor(request, staff), { action: 'staff.signout', target: `staff:${staff.email.toLowerCase()}` });
      });
    }
    reply.clearCookie(cookieName, { path: base, secure });
    return { ok: true as const };
  });
  r.get('/backoffice/me', { schema: { response: { 200: StaffMeSchema } } }, async (request) => {
    const staff = requireStaff(request);
    return { email: staff.email, role: staff.role, language: staff.language };
  });
  r.post('/backoffice/me/language', { schema: { body: StaffLanguageSchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request);
    await setStaffLanguage(app.db, staff.id, request.body.language);
    return { ok: true as const };
  });

  // ---- Players
  r.get('/backoffice/players', { schema: { querystring: PlayerSearchQuerySchema, response: { 200: PlayerSearchResultSchema } } }, async (request) => {
    requireStaff(request, 'players.view');
    return { players: await searchPlayers(app.db, request.query.query) };
  });
  r.get('/backoffice/players/:accountRef', { schema: { params: AccountRefParamsSchema, response: { 200: Player360Schema } } }, async (request) => {
    requireStaff(request, 'players.view');
    return player360(app.db, app.config, request.params.accountRef);
  });
  for (const lock of [true, false]) {
    r.post(
      `/backoffice/players/:accountRef/${lock ? 'lock' : 'unlock'}`,
      { schema: { params: AccountRefParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } } },
      async (request) => {
        const staff = requireStaff(request, 'players.lock');
        await setPlayerLock(app.db, actor(request, staff), request.params.accountRef, lock, request.body.reason);
        return { ok: true as const };
      },
    );
  }
  r.post(
    '/backoffice/players/:accountRef/sessions/revoke',
    { schema: { params: AccountRefParamsSchema, response: { 200: RevokeResultSchema } } },
    async (request) => {
      const staff = requireStaff(request, 'players.sessions');
      return { revoked: await revokePlayerSessions(app.db, actor(request, staff), request.params.accountRef) };
    },
  );

  // ---- Adjustments
  r.post('/backoffice/adjustments', { schema: { body: AdjustmentRequestSchema, response: { 200: AdjustmentResultSchema } } }, async (request) => {
    const staff = requireStaff(request, 'adjustments');
    return requestAdjustment(app.db, app.config.ADJUSTMENT_APPROVAL_THRESHOLD, staff, meta(request), request.body);
  });
  r.get('/backoffice/adjustments', { schema: { querystring: AdjustmentListQuerySchema, response: { 200: AdjustmentListSchema } } }, async (request) => {
    requireStaff(request, 'adjustments');
    return { adjustments: await listAdjustments(app.db, request.query.status) };
  });
  for (const approve of [true, false]) {
    r.post(
      `/backoffice/adjustments/:id/${approve ? 'approve' : 'reject'}`,
      { schema: { params: AdjustmentIdParamsSchema, body: AdjustmentDecisionSchema.nullish(), response: { 200: AdjustmentResultSchema } } },
      async (request) => {
        const staff = requireStaff(request, 'adjustments');
        return decideAdjustment(app.db, staff, meta(request), request.params.id, approve, request.body?.reason);
      },
    );
  }

  // ---- Audit
  r.get('/backoffice/audit', { schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema } } }, async (request) => {
    requireStaff(request, 'audit');
    const f = request.query;
    let q = app.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(f.limit);
    if (f.actor) q = q.where('actor', '=', f.actor);
    if (f.action) q = q.where('action', '=', f.action);
    if (f.target) q = q.where('target', '=', f.target);
    if (f.from) q = q.where('at', '>=', new Date(f.from));
    if (f.to) q = q.where('at', '<', new Date(f.to));
    const [rows, head] = await Promise.all([
      q.execute(),
      app.db.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst(),
    ]);
    return { entries: rows.map(toAuditEntry), head: head ?? null };
  });

  // ---- Staff management (admin)
  r.get('/backoffice/staff', { schema: { response: { 200: StaffListSchema } } }, async (request) => {
    requireStaff(request, 'staff');
    return { staff: await listStaff(app.db) };
  });
  r.post('/backoffice/staff', { schema: { body: StaffCreateSchema, response: { 200: StaffCreateResultSchema } } }, async (request) => {
    const staff = requireStaff(request, 'staff');
    const { token } = await createStaff(app.db, actor(request, staff), request.body.email, request.body.role);
    return { email: request.body.email, role: request.body.role, setupUrl: setupUrl(app.config, token) };
  });
  r.post(
    '/backoffice/staff/:id/role',
    { schema: { params: StaffIdParamsSchema, body: StaffRoleChangeSchema, response: { 200: OkSchema } } },
    async (request) => {
      const staff = requireStaff(request, 'staff');
      await changeStaff(app.db, actor(request, staff), request.params.id, { role: request.body.role }, request.body.reason);
      return { ok: true as const };
    },
  );
  r.post(
    '/backoffice/staff/:id/deactivate',
    { schema: { params: StaffIdParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      const staff = requireStaff(request, 'staff');
      await changeStaff(app.db, actor(request, staff), request.params.id, { deactivate: true }, request.body.reason);
      return { ok: true as const };
    },
  );

  // ---- Content: raffles and games
  r.get('/backoffice/raffles', { schema: { response: { 200: ContentRaffleListSchema } } }, async (request) => {
    requireStaff(request, 'content');
    const rows = await listRaffles(app.db, clock.now());
    return {
      raffles: rows.map((x) => ({
        ref: x.ref,
        status: x.status,
        startDateUtc: x.startDateUtc,
        endDateUtc: x.endDateUtc,
        raffleDrawDate: x.raffleDrawDate,
        title: x.translations.find((t) => t.languageCode === 'default')?.title ?? x.translations[0]?.title ?? x.ref,
      })),
    };
  });
  r.post('/backoffice/raffles', { schema: { body: BackofficeRaffleCreateSchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request, 'content');
    // A form uploads no file: a banner here would name a path on the server.
    if (request.body.banner) throw new AppError('REQUEST_VALIDATION_ERROR', 'banner is for the CLI', [{ path: 'banner', message: 'not accepted here' }]);
    await createRaffle(app.db, request.body, (trx, created) =>
      writeAudit(trx, actor(request, staff), { action: 'raffle.create', target: `raffle:${created.ref}`, after: request.body }).then(() => undefined),
    );
    return { ok: true as const };
  });
  r.post(
    '/backoffice/raffles/:ref/cancel',
    { schema: { params: RaffleRefBodyParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      const staff = requireStaff(request, 'content');
      await app.db.transaction().execute(async (trx) => {
        const result = await cancelRaffle(trx, request.params.ref);
        if (result === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'No such raffle');
        if (result === 'ALREADY_FINAL') throw new AppError('REQUEST_VALIDATION_ERROR', 'The raffle is drawn or cancelled already');
        await writeAudit(trx, actor(request, staff), {
          action: 'raffle.cancel',
          target: `raffle:${request.params.ref}`,
          after: { status: 'CANCELLED' },
          reason: request.body.reason,
        });
      });
      return { ok: true as const };
    },
  );
  r.post('/backoffice/raffles/:ref/draw', { schema: { params: RaffleRefBodyParamsSchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request, 'content');
    const row = await findRaffle(app.db, request.params.ref);
    if (!row) throw new AppError('NOT_FOUND', 'No such raffle');
    if (row.status !== 'SCHEDULED' || (row.draw_at && row.draw_at > clock.now()))
      throw new AppError('REQUEST_VALIDATION_ERROR', 'The raffle is not due for its draw');
    const outcome = await drawRaffle(app.db, Number(row.id), clock.now());
    // The draw pays prizes in its own transaction (raffle/draw.ts); its record is public and verifiable.
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, actor(request, staff), {
        action: 'raffle.draw',
        target: `raffle:${request.params.ref}`,
        after: outcome ? { totalTickets: outcome.totalTickets, winners: outcome.winners.length } : { drawnElsewhere: true },
      }),
    );
    return { ok: true as const };
  });
  // ---- Content: races (the same RaceFileSchema and createRace as `tournament:create`)
  r.get('/backoffice/races', { schema: { response: { 200: ContentRaceListSchema } } }, async (request) => {
    requireStaff(request, 'content');
    const rows = await app.db.selectFrom('tournaments').selectAll().where('kind', '=', 'RACE').orderBy('start_at', 'desc').limit(200).execute();
    const texts = rows.length
      ? await app.db
          .selectFrom('tournament_translations')
          .selectAll()
          .where(
            'tournament_id',
            'in',
            rows.map((x) => x.id),
          )
          .orderBy('position')
          .execute()
      : [];
    return {
      races: rows.map((x) => {
        const translations = texts
          .filter((t) => Number(t.tournament_id) === Number(x.id))
          .map((t) => ({
            languageCode: t.language_code,
            languageDisplayName: t.language_display_name,
            title: t.title,
            description: t.description,
            termsAndConditions: t.terms_and_conditions,
          }));
        return {
          ref: x.ref,
          status: x.status,
          metric: (x.metric as 'WAGERED' | 'BEST_MULTIPLIER' | null) ?? null,
          startDateUtc: new Date(x.start_at).toISOString(),
          endDateUtc: new Date(x.end_at).toISOString(),
          title: translations.find((t) => t.languageCode === 'default')?.title ?? translations[0]?.title ?? x.ref,
          translations,
        };
      }),
    };
  });
  r.post('/backoffice/races', { schema: { body: BackofficeRaceCreateSchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request, 'content');
    const result = await createRace(app.db, request.body, (trx, created) =>
      writeAudit(trx, actor(request, staff), { action: 'race.create', target: `race:${created.ref}`, after: request.body }).then(() => undefined),
    );
    if ('errors' in result) {
      throw new AppError(
        'REQUEST_VALIDATION_ERROR',
        result.errors.join('; '),
        result.errors.map((e) => ({ path: e.split(':')[0]!, message: e })),
      );
    }
    return { ok: true as const };
  });
  r.post(
    '/backoffice/races/:ref',
    { schema: { params: RaceRefParamsSchema, body: BackofficeRaceTextsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const staff = requireStaff(request, 'content');
      await app.db.transaction().execute(async (trx) => {
        const done = await updateRaceTexts(trx, request.params.ref, request.body.translations);
        if ('refused' in done) {
          if (done.refused === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'No such race');
          throw new AppError('REQUEST_VALIDATION_ERROR', 'The race is paid or cancelled already');
        }
        await writeAudit(trx, actor(request, staff), {
          action: 'race.update',
          target: `race:${request.params.ref}`,
          before: { translations: done.before },
          after: { translations: request.body.translations },
          reason: request.body.reason,
        });
      });
      return { ok: true as const };
    },
  );
  r.post('/backoffice/races/:ref/cancel', { schema: { params: RaceRefParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request, 'content');
    await app.db.transaction().execute(async (trx) => {
      const { result, status } = await cancelRace(trx, request.params.ref);
      if (result === 'NOT_FOUND' || result === 'NOT_A_RACE') throw new AppError('NOT_FOUND', 'No such race');
      if (result === 'ALREADY_FINAL') throw new AppError('REQUEST_VALIDATION_ERROR', 'The race is paid or cancelled already');
      await writeAudit(trx, actor(request, staff), {
        action: 'race.cancel',
        target: `race:${request.params.ref}`,
        before: { status },
        after: { status: 'CANCELLED' },
        reason: request.body.reason,
      });
    });
    return { ok: true as const };
  });

  // ---- Content: promotions (the same schema as the shipped files, content/promotions)
  r.get('/backoffice/promotions', { schema: { response: { 200: ContentPromotionListSchema } } }, async (request) => {
    requireStaff(request, 'content');
    return { promotions: await listPromotions(app.db) };
  });
  r.post('/backoffice/promotions', { schema: { body: BackofficePromotionCreateSchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request, 'content');
    await app.db.transaction().execute(async (trx) => {
      if (!(await insertPromotion(trx, request.body))) {
        throw new AppError('REQUEST_VALIDATION_ERROR', `A promotion with slug ${request.body.slug} exists`, [{ path: 'slug', message: 'taken' }]);
      }
      await writeAudit(trx, actor(request, staff), { action: 'promotion.create', target: `promotion:${request.body.slug}`, after: request.body });
    });
    return { ok: true as const };
  });
  r.post(
    '/backoffice/promotions/:slug',
    { schema: { params: PromotionSlugParamsSchema, body: BackofficePromotionUpdateSchema, response: { 200: OkSchema } } },
    async (request) => {
      const staff = requireStaff(request, 'content');
      const { reason, ...fields } = request.body;
      await app.db.transaction().execute(async (trx) => {
        // Every field is given: an image left out is removed.
        const before = await updatePromotion(trx, request.params.slug, { image: undefined, ...fields });
        if (!before) throw new AppError('NOT_FOUND', 'No such promotion');
        await writeAudit(trx, actor(request, staff), { action: 'promotion.update', target: `promotion:${request.params.slug}`, before, after: fields, reason });
      });
      return { ok: true as const };
    },
  );
  for (const published of [true, false]) {
    r.post(
      `/backoffice/promotions/:slug/${published ? 'publish' : 'unpublish'}`,
      { schema: { params: PromotionSlugParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } } },
      async (request) => {
        const staff = requireStaff(request, 'content');
        await app.db.transaction().execute(async (trx) => {
          const before = await updatePromotion(trx, request.params.slug, { published });
          if (!before) throw new AppError('NOT_FOUND', 'No such promotion');
          await writeAudit(trx, actor(request, staff), {
            action: published ? 'promotion.publish' : 'promotion.unpublish',
            target: `promotion:${request.params.slug}`,
            before: { published: before.published },
            after: { published },
            reason: request.body.reason,
          });
        });
        return { ok: true as const };
      },
    );
  }

  r.get('/backoffice/games', { schema: { response: { 200: ContentGameListSchema } } }, async (request) => {
    requireStaff(request, 'content');
    const rows = await app.db.selectFrom('games').selectAll().orderBy('sort_order').orderBy('code').execute();
    return {
      games: rows.map((g) => ({ code: g.code, kind: g.kind, enabled: g.is_enabled, demo: g.is_demo_available, tags: g.tags, titles: g.titles, rtp: g.rtp })),
    };
  });
  r.post('/backoffice/games/:code', { schema: { params: GameCodeParamsSchema, body: GameUpdateSchema, response: { 200: OkSchema } } }, async (request) => {
    const staff = requireStaff(request, 'content');
    const b = request.body;
    await app.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('games')
        .select(['is_enabled', 'is_demo_available', 'titles', 'tags'])
        .where('code', '=', request.params.code)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND', 'No such game');
      await trx
        .updateTable('games')
        .set({
          ...(b.enabled !== undefined ? { is_enabled: b.enabled } : {}),
          ...(b.demo !== undefined ? { is_demo_available: b.demo } : {}),
          ...(b.titles ? { titles: JSON.stringify(b.titles) } : {}),
          ...(b.tags ? { tags: JSON.stringify(b.tags) } : {}),
          updated_at: clock.now(),
        })
        .where('code', '=', request.params.code)
        .execute();
      await writeAudit(trx, actor(request, staff), {
        action: 'game.update',
        target: `game:${request.params.code}`,
        before: { enabled: before.is_enabled, demo: before.is_demo_available, titles: before.titles, tags: before.tags },
        after: b,
      });
    });
    return { ok: true as const };
  });

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

  // ---- Dashboard
  r.get('/backoffice/dashboard', { schema: { response: { 200: DashboardSchema } } }, async (request) => {
    requireStaff(request, 'dashboard');
    return dashboard(app.db);
  });
}
