import type { FastifyInstance } from 'fastify';
import { AuditListSchema, AuditQuerySchema, DashboardSchema } from '../../../contracts/backoffice';
import { zod } from '../../zod-routes';
import { listAudit } from '../audit';
import { dashboard } from './dashboard';

/** The audit log (audit) and the dashboard (dashboard): reads only. */
export default async function reportRoutes(app: FastifyInstance) {
  const r = zod(app);
  r.get('/backoffice/audit', { schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema } }, config: { right: 'audit' } }, async (request) =>
    listAudit(app.db, request.query),
  );
  r.get('/backoffice/dashboard', { schema: { response: { 200: DashboardSchema } }, config: { right: 'dashboard' } }, async () => dashboard(app.db));
}
