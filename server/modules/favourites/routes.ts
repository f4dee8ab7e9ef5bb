import type { FastifyInstance } from 'fastify';
import { GameCodeListSchema, GameCodeParamsSchema } from '../../../contracts/progression';
import { clock } from '../../clock';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { addFavourite, favouritesOf, recentlyPlayed, removeFavourite } from './service';

/** GET /favourites, PUT and DELETE /favourites/:gameCode, GET /recently-played (signed in). */
export default async function favouriteRoutes(app: FastifyInstance) {
  const api = zod(app);
  const list = { response: { 200: GameCodeListSchema } };
  api.get('/favourites', { schema: list }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return { gameCodes: await favouritesOf(app.db, account.id) };
  });
  api.put('/favourites/:gameCode', { schema: { params: GameCodeParamsSchema, ...list } }, async (request) => {
    const account = requireAccount(request);
    await addFavourite(app.db, account.id, request.params.gameCode, clock.now());
    return { gameCodes: await favouritesOf(app.db, account.id) };
  });
  api.delete('/favourites/:gameCode', { schema: { params: GameCodeParamsSchema, ...list } }, async (request) => {
    const account = requireAccount(request);
    await removeFavourite(app.db, account.id, request.params.gameCode);
    return { gameCodes: await favouritesOf(app.db, account.id) };
  });
  api.get('/recently-played', { schema: list }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return { gameCodes: await recentlyPlayed(app.db, account.id) };
  });
}
