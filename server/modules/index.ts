import type { FastifyInstance } from 'fastify';
import { systemRoutes } from './system';
import { outboxRoutes } from './outbox';
import { walletRoutes } from './wallet';
import { promotionRoutes } from './promotions';
import { authRoutes } from './auth';
import { phoneRoutes } from './phone';
import { gamesRoutes } from './games';
import { houseRoutes } from './house';
import { raffleRoutes } from './raffle';
import { tournamentRoutes } from './tournaments';
import { protectionRoutes } from './protection';
import { marketingRoutes } from './marketing';
import { progressionRoutes } from './progression';
import { notificationRoutes } from './notifications';
import { favouriteRoutes } from './favourites';
import { retentionJob } from './retention';
import { backofficeRoutes } from './backoffice';
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
