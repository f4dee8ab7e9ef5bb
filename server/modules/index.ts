import type { FastifyInstance } from 'fastify';
import systemRoutes from './system/routes';
import outboxRoutes from './outbox/routes';
import walletRoutes from './wallet/routes';
import promotionRoutes from './promotions/routes';
import authRoutes from './auth/routes';
import phoneRoutes from './phone/routes';
import gamesRoutes from './games/routes';
import houseRoutes from './house/routes';
import raffleRoutes from './raffle/routes';
import tournamentRoutes from './tournaments/routes';
import protectionRoutes from './protection/routes';
import marketingRoutes from './marketing/routes';
import progressionRoutes from './progression/routes';
import notificationRoutes from './notifications/routes';
import favouriteRoutes from './favourites/routes';
import retentionJob from './retention/routes';
import backofficeRoutes from './backoffice/routes';
import { liveRoutes } from './live';

/** Every API module, registered under API_BASE in this order. One line per domain. */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [
  systemRoutes,
  outboxRoutes,
  promotionRoutes,
  walletRoutes,
  authRoutes,
  phoneRoutes,
  gamesRoutes,
  houseRoutes,
  raffleRoutes,
  tournamentRoutes,
  protectionRoutes,
  marketingRoutes,
  progressionRoutes,
  notificationRoutes,
  favouriteRoutes,
  retentionJob,
  backofficeRoutes,
  liveRoutes,
];
