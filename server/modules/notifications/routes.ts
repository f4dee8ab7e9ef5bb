import type { FastifyInstance } from 'fastify';
import { OkSchema } from '../../../contracts/common';
import { NotificationListSchema, NotificationsReadSchema } from '../../../contracts/progression';
import { clock } from '../../clock';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { markRead, notificationsOf } from './service';

/** GET /notifications, POST /notifications/read (signed in). */
export default async function notificationRoutes(app: FastifyInstance) {
  const api = zod(app);
  api.get('/notifications', { schema: { response: { 200: NotificationListSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return notificationsOf(app.db, account.id);
  });
  api.post('/notifications/read', { schema: { body: NotificationsReadSchema, response: { 200: OkSchema } } }, async (request) => {
    const account = requireAccount(request);
    await markRead(app.db, account.id, request.body.upTo, clock.now());
    return { ok: true as const };
  });
}
