import type { Generated } from 'kysely';
import type { AuthTables } from '../modules/auth/tables';
import type { CaptchaTables } from '../modules/captcha/tables';
import type { GamesTables } from '../modules/games/tables';
import type { HouseTables } from '../modules/house/tables';
import type { RaceTables, TournamentTables } from '../modules/tournaments/tables';
import type { RaffleTables } from '../modules/raffle/tables';
import type { MarketingTables } from '../modules/marketing/tables';
import type { OutboxTables } from '../modules/outbox/tables';
import type { PhoneTables } from '../modules/phone/tables';
import type { ProtectionTables } from '../modules/protection/tables';
import type { RetentionTables } from '../modules/retention/tables';
import type { WalletTables } from '../modules/wallet/tables';
import type { ProgressionTables } from '../modules/progression/tables';
import type { NotificationTables } from '../modules/notifications/tables';
import type { FavouriteTables } from '../modules/favourites/tables';
import type { AuditTables } from '../modules/audit/tables';
import type { BackofficeTables } from '../modules/backoffice/tables';
import type { PromotionTables } from '../modules/promotions/tables';
import type { LiveTables } from '../modules/live/tables';

/**
 * The database as Kysely sees it. Each domain declares its tables in its own module
 * (server/modules/<domain>/tables.ts) and is joined here.
 */
export interface SystemTables {
  page_views: {
    id: Generated<number>;
    path: string;
    language: string;
    referrer: string | null;
    session_hash: string | null;
    created_at: Generated<Date>;
  };
}

export interface Database
  extends SystemTables,
    AuthTables,
    CaptchaTables,
    OutboxTables,
    PhoneTables,
    WalletTables,
    GamesTables,
    HouseTables,
    TournamentTables,
    RaffleTables,
    RaceTables,
    ProtectionTables,
    MarketingTables,
    ProgressionTables,
    NotificationTables,
    FavouriteTables,
    RetentionTables,
    AuditTables,
    BackofficeTables,
    PromotionTables,
    LiveTables {}
