import { contentFor, formatNumber, localizePath, toLanguage } from '../../../contracts/languages';
import type { Language } from '../../../contracts/constants';
import type { MarketingPreferences } from '../../../contracts/marketing';
import { isPromotionActive, type Promotion } from '../../../contracts/promotions';
import { currentPromotions } from '../promotions';
import type { Config } from '../../config';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../plugins/session';
import { renderMail } from '../mail';
import { enqueue, type Outbox } from '../outbox';
import { dayStart, marketingAllowed } from '../protection';
import { dailyBonusStatus, hasClaimedPromotion } from '../wallet';

/**
 * Marketing email (docs/decisions/0011): offers by email only to players who turned them
 * on (off by default), never while they are on a break, self-excluded or at a daily limit, at most
 * one a UTC day each, with an unsubscribe link that works without signing in.
 */

export async function marketingPreferences(db: DbOrTrx, accountId: string): Promise<MarketingPreferences> {
  const row = await db.selectFrom('marketing_consent').select('emails').where('account_id', '=', accountId).executeTakeFirst();
  return { emails: row?.emails ?? false };
}

/** Turns offer emails on or off, keeping when and where (the settings or an emailed link). */
export async function setMarketingEmails(db: DbOrTrx, accountId: string, emails: boolean, source: 'settings' | 'unsubscribe_link', now: Date): Promise<void> {
  await db
    .insertInto('marketing_consent')
    .values({ account_id: accountId, emails, changed_at: now, source })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ emails, changed_at: now, source }))
    .execute();
}

/** The emailed link's token turns that player's offer emails off (it can do nothing else). */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<void> {
  const mail = await db.selectFrom('marketing_mail').select('account_id').where('unsubscribe_hash', '=', hashToken(token)).executeTakeFirst();
  if (!mail) throw new AppError('INVALID_UNSUBSCRIBE_LINK', 'No email was sent with this unsubscribe token');
  await setMarketingEmails(db, mail.account_id, false, 'unsubscribe_link', now);
}

/** A page of the site in a language, as an absolute link (its prefix from contracts/languages.ts). */
const siteLink = (config: Config, language: Language, path: string) => `${config.PUBLIC_SITE_URL.replace(/\/$/, '')}${localizePath(path, language)}`;

interface Candidate {
  id: string;
  email: string;
  displayName: string;
  language: Language;
}

type Offer = { kind: 'promotion'; promotion: Promotion } | { kind: 'daily_bonus' };

/**
 * What to send a player today, if anything: a running promotion not yet announced to them (and whose
 * bonus they have not claimed), else the daily bonus reminder when it can be claimed.
 */
async function offerFor(db: Db, config: Config, player: Candidate, promotions: Promotion[], now: Date): Promise<Offer | null> {
  if (promotions.length > 0) {
    const announced = await db
      .selectFrom('marketing_mail')
      .select('promo_slug')
      .where('account_id', '=', player.id)
      .where(
        'promo_slug',
        'in',
        promotions.map((p) => p.slug),
      )
      .execute();
    const done = new Set(announced.map((r) => r.promo_slug));
    for (const promotion of promotions) {
      if (done.has(promotion.slug)) continue;
      if (promotion.bonus !== null && (await hasClaimedPromotion(db, promotion.slug, player.id))) continue;
      return { kind: 'promotion', promotion };
    }
  }
  if (config.DAILY_BONUS > 0 && (await dailyBonusStatus(db, player.id, now)).canClaim) return { kind: 'daily_bonus' };
  return null;
}

function mailOf(config: Config, player: Candidate, offer: Offer, unsubscribeToken: string) {
  const language = player.language;
  const unsubscribeLink = siteLink(config, language, `/unsubscribe?token=${unsubscribeToken}`);
  const common = { displayName: player.displayName, unsubscribe: unsubscribeLink };
  const content =
    offer.kind === 'promotion'
      ? renderMail(language, 'promotion', {
          ...common,
          title: contentFor(offer.promotion.texts, language).title,
          summary: contentFor(offer.promotion.texts, language).summary,
          link: siteLink(config, language, `/promotions/${offer.promotion.slug}`),
        })
      : renderMail(language, 'dailyBonusReminder', {
          ...common,
          coins: formatNumber(config.DAILY_BONUS, language),
          link: siteLink(config, language, '/'),
        });
  return { to: player.email, ...content, headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` } };
}

export interface SendReport {
  /** Delivered to the SMTP server during the run. */
  sent: number;
  /** Opted-in players left out: blocked by player protection, or nothing to tell them today. */
  skipped: number;
  /** Queued but not taken by the SMTP server yet: the outbox worker retries them (docs/decisions/0015). */
  failed: number;
}

const PAGE = 200;

/**
 * Sends today's offer emails (the UTC day of `now`). Safe to run any number of times and on several
 * servers at once: a player's mail of the day is claimed by inserting its row (one per player and
 * day) in the same transaction that writes the mail to the outbox, so exactly one run queues it and
 * the outbox delivers it (at once, or by its retries when the SMTP server is down).
 */
export async function sendMarketingMail(
  db: Db,
  outbox: Pick<Outbox, 'deliver'>,
  config: Config,
  now: Date,
  onFailure: (error: unknown, accountId: string) => void = () => {},
): Promise<SendReport> {
  const report: SendReport = { sent: 0, skipped: 0, failed: 0 };
  const day = dayStart(now).toISOString().slice(0, 10);
  const promotions = (await currentPromotions(db, now))
    .filter((p) => isPromotionActive(p, now))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .selectFrom('marketing_consent as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select(['a.id', 'a.email', 'a.display_name', 'a.language'])
      .where('c.emails', '=', true)
      .where('a.deleted_at', 'is', null)
      .where('a.email', 'is not', null)
      .where('a.id', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('marketing_mail as m').select('m.account_id').whereRef('m.account_id', '=', 'a.id').where('m.day', '=', day))),
      )
      .orderBy('a.id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const player: Candidate = { id: row.id, email: row.email!, displayName: row.display_name ?? '', language: toLanguage(row.language) };
      const offer = (await marketingAllowed(db, player.id, now)) ? await offerFor(db, config, player, promotions, now) : null;
      if (!offer) {
        report.skipped++;
        continue;
      }
      const token = newToken();
      const queued = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('marketing_mail')
          .values({
            account_id: player.id,
            day,
            kind: offer.kind,
            promo_slug: offer.kind === 'promotion' ? offer.promotion.slug : null,
            unsubscribe_hash: hashToken(token),
            created_at: now,
            // Handed to the outbox, which delivers it at least once.
            sent_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('account_id')
          .executeTakeFirst();
        if (!claimed) return null;
        return enqueue(trx, { key: `offer:${player.id}:${day}`, channel: 'email', ...mailOf(config, player, offer, token) });
      });
      if (queued === null) {
        // Another run (another server) queued this player's mail of the day first.
        report.skipped++;
        continue;
      }
      const outcome = (await outbox.deliver([queued])).get(queued);
      // No outcome: the worker of some server took it first (it delivers it).
      if (outcome === 'retry' || outcome === 'dead') {
        report.failed++;
        onFailure(new Error('not taken by the SMTP server yet; the outbox retries it'), player.id);
        continue;
      }
      report.sent++;
    }
    if (rows.length < PAGE) return report;
    after = rows[rows.length - 1]!.id;
  }
}
