import type { FastifyInstance } from 'fastify';
import { OutboxListSchema, OutboxQuerySchema } from '../../../contracts/outbox';
import { zod } from '../../zod-routes';
import { devToolsOn } from '../../config';

/** GET {API_BASE}/dev/outbox: the mail and SMS the development outbox holds, newest first. Only with DEV_TOOLS=true. */
export default async function outboxRoutes(app: FastifyInstance) {
  if (!devToolsOn(app.config)) return;
  zod(app).get('/dev/outbox', { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } }, async (request) => {
    let query = app.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(50);
    if (request.query.to) query = query.where('recipient', '=', request.query.to.toLowerCase());
    if (request.query.channel) query = query.where('channel', '=', request.query.channel);
    const rows = await query.execute();
    return {
      messages: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        createdAt: r.created_at.toISOString(),
      })),
    };
  });
}
