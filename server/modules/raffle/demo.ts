import { contentFor, type LanguageTexts, toLanguage } from '../../../contracts/languages';
/** The drawn demo raffle's title in each language (demo data). */
const DEMO_DRAWN_TITLE: LanguageTexts<string> = { ja: 'オープン記念抽選会', en: 'Opening Raffle' };
import type { RaffleDefinition } from '../../../contracts/raffle';
import { RaffleDefinitionSchema } from '../../../contracts/raffle';
import type { Db } from '../../db';
import { postMovement } from '../wallet';
import { drawRaffle } from './draw';
import { createRaffle, findRaffle } from './service';

/**
 * Demo raffles (SEED_DEMO): a weekly raffle that always runs (Monday 00:00 UTC to the next Monday;
 * the next week's is created by the first check after one closes), and one raffle already drawn,
 * with a few demo players' bets, so its public record shows a real draw. Idempotent by ref.
 */
const DAY = 24 * 60 * 60 * 1000;
export const DEMO_BANNER = 'weekly-raffle.svg';

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
}

function weeklyDefinition(ref: string, start: Date, end: Date, draw: Date): RaffleDefinition {
  return RaffleDefinitionSchema.parse({
    ref,
    startDateUtc: start.toISOString(),
    endDateUtc: end.toISOString(),
    raffleDrawDate: draw.toISOString(),
    wagerPerEntry: 1000,
    bannerFileName: DEMO_BANNER,
    brands: ['coin-casino'],
    prizes: [{ amount: 50_000 }, { amount: 10_000, count: 3 }],
    translations: [
      {
        languageCode: 'ja',
        title: 'ウィークリー抽選会',
        description: 'コインでプレイすると1,000コインごとに抽選券が1枚もらえます。毎週月曜日に当選者を抽選し、賞品のコインをお届けします。',
        termsAndConditions: 'デモプレイは対象外です。返金されたベットは数えません。1人1賞まで。',
      },
      {
        languageCode: 'en',
        title: 'Weekly Raffle',
        description: 'Every 1,000 coins you wager earns a raffle ticket. Winners are drawn every Monday and their coin prizes credited.',
        termsAndConditions: 'Demo play does not count. Refunded bets do not count. One prize per player.',
      },
      { languageCode: 'default', title: 'Weekly Raffle', description: 'Every 1,000 coins wagered earns a ticket.' },
    ],
  });
}

/** The running week's raffle; creates it when missing (a no-op otherwise). */
export async function ensureWeeklyRaffle(db: Db, now: Date): Promise<string> {
  const start = weekStart(now);
  const end = new Date(start.getTime() + 7 * DAY);
  const ref = `weekly-${start.toISOString().slice(0, 10)}`;
  if (!(await findRaffle(db, ref))) {
    try {
      await createRaffle(db, weeklyDefinition(ref, start, end, new Date(end.getTime() + 5 * 60 * 1000)));
    } catch (error) {
      // Another instance created it at the same moment: the unique ref kept one.
      if (!(await findRaffle(db, ref))) throw error;
    }
  }
  return ref;
}

const DEMO_DRAWN_REF = 'demo-drawn-raffle';
const DEMO_PLAYERS = [
  { suffix: 'sakura', wagered: 12_000 },
  { suffix: 'kenji', wagered: 7_500 },
  { suffix: 'emma', wagered: 4_000 },
  { suffix: 'yuto', wagered: 1_000 },
];

/** A raffle that closed two weeks ago and is drawn, with demo players' bets in its window. */
export async function ensureDrawnDemoRaffle(db: Db, now: Date): Promise<void> {
  if (await findRaffle(db, DEMO_DRAWN_REF)) return;
  const start = new Date(weekStart(now).getTime() - 14 * DAY);
  const end = new Date(start.getTime() + 7 * DAY);
  const def = weeklyDefinition(DEMO_DRAWN_REF, start, end, new Date(end.getTime() + 5 * 60 * 1000));
  def.translations = def.translations.map((t) => ({ ...t, title: contentFor(DEMO_DRAWN_TITLE, toLanguage(t.languageCode)) }));
  const { id } = await createRaffle(db, def);
  for (const [i, p] of DEMO_PLAYERS.entries()) {
    const account = await db
      .insertInto('accounts')
      .values({
        account_ref: `acc_rafflebot_${p.suffix}`,
        email: `raffle-demo-${p.suffix}@coincasino.example`,
        display_name: `demo${p.suffix}`,
        is_tester: true,
      })
      .onConflict((oc) => oc.column('account_ref').doNothing())
      .returning('id')
      .executeTakeFirst();
    const accountId =
      account?.id ?? (await db.selectFrom('accounts').select('id').where('account_ref', '=', `acc_rafflebot_${p.suffix}`).executeTakeFirstOrThrow()).id;
    const at = new Date(start.getTime() + (i + 1) * DAY);
    await postMovement(
      db,
      { accountId, type: 'ADJUSTMENT', amount: p.wagered, idempotencyKey: `raffle-demo:fund:${p.suffix}`, reason: 'Demo raffle player' },
      at,
    );
    await postMovement(
      db,
      {
        accountId,
        type: 'BET',
        amount: -p.wagered,
        idempotencyKey: `raffle-demo:bet:${p.suffix}`,
        gameCode: 'slot-neon-sevens',
        sessionId: `raffle-demo-${p.suffix}`,
      },
      at,
    );
  }
  await drawRaffle(db, id, now);
}

export async function seedRaffles(db: Db, now: Date): Promise<void> {
  await ensureDrawnDemoRaffle(db, now);
  await ensureWeeklyRaffle(db, now);
}
