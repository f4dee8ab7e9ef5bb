import { randomBytes } from 'node:crypto';
import { clock } from '../../clock';
import type { Db } from '../../db';
import { postMovement } from '../wallet';
import { createRace } from './admin';
import { settleRaces } from './races';

/**
 * Demo races (docs/decisions/0007-tournaments-lobby.md): one running, one finished with its results, one upcoming. Their players
 * are demo accounts without a password (nobody can sign in as them) whose coins and bets go
 * through the wallet like anyone's. Idempotent: a race that exists is left alone.
 */
const BOTS = [
  { name: 'さくら', key: 'sakura' },
  { name: 'Kenji', key: 'kenji' },
  { name: 'LuckyCat', key: 'luckycat' },
  { name: 'はやと', key: 'hayato' },
  { name: 'Mika', key: 'mika' },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function bot(db: Db, b: (typeof BOTS)[number]): Promise<string> {
  const email = `${b.key}@demo-racers.invalid`;
  const found = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('accounts')
    .values({ account_ref: `demo_${b.key}_${randomBytes(3).toString('hex')}`, email, display_name: b.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await postMovement(
    db,
    { accountId: row.id, type: 'SIGNUP_BONUS', amount: 10_000, idempotencyKey: `demo-racer:${b.key}:signup`, reason: 'demo racer' },
    new Date(clock.ms() - 30 * DAY),
  );
  return row.id;
}

const t = (ja: [string, string], en: [string, string]) => [
  { languageCode: 'ja', languageDisplayName: '日本語', title: ja[0], description: ja[1], termsAndConditions: '' },
  { languageCode: 'en', languageDisplayName: 'English', title: en[0], description: en[1], termsAndConditions: '' },
];

/** Bets of the demo players in a race's window: [bot index, game, stake, hours after the start]. */
async function bets(db: Db, ref: string, start: Date, ids: string[], plan: Array<[number, string, number, number]>) {
  for (const [i, [who, game, stake, hours]] of plan.entries()) {
    await postMovement(
      db,
      { accountId: ids[who], type: 'BET', amount: -stake, idempotencyKey: `demo-race:${ref}:bet:${i}`, gameCode: game },
      new Date(start.getTime() + hours * HOUR),
    );
  }
}

export async function seedDemoRaces(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('tournaments')
    .select('ref')
    .where('ref', 'in', ['demo-sakura-sprint', 'demo-koi-cup', 'demo-lucky-multiplier'])
    .execute();
  const has = (ref: string) => existing.some((e) => e.ref === ref);
  const games = await db.selectFrom('games').select('code').execute();
  if (games.length === 0) return;
  const now = clock.ms();
  const ids: string[] = [];
  for (const b of BOTS) ids.push(await bot(db, b));

  if (!has('demo-koi-cup')) {
    const start = new Date(now - 10 * DAY);
    await createRace(db, {
      ref: 'demo-koi-cup',
      metric: 'WAGERED',
      startDateUtc: start.toISOString(),
      endDateUtc: new Date(now - 3 * DAY).toISOString(),
      prizes: [
        { rank: 1, amount: 5000 },
        { rank: 2, amount: 2000 },
        { rank: 3, amount: 1000 },
      ],
      games: [{ gameCode: 'slot-golden-koi' }, { gameCode: 'slot-dragon-pearl' }],
      translations: t(
        ['鯉カップ', '黄金の鯉とドラゴンパールで賭けたコインの合計を競う1週間のレース。'],
        ['Koi Cup', 'A week-long race: the most coins wagered on Golden Koi and Dragon Pearl wins.'],
      ),
    });
    await bets(db, 'demo-koi-cup', start, ids, [
      [0, 'slot-golden-koi', 900, 2],
      [1, 'slot-dragon-pearl', 1500, 5],
      [2, 'slot-golden-koi', 400, 30],
      [0, 'slot-dragon-pearl', 800, 50],
      [3, 'slot-golden-koi', 300, 90],
      [4, 'slot-golden-koi', 200, 100],
    ]);
  }
  if (!has('demo-sakura-sprint')) {
    const start = new Date(now - DAY);
    await createRace(db, {
      ref: 'demo-sakura-sprint',
      metric: 'WAGERED',
      startDateUtc: start.toISOString(),
      endDateUtc: new Date(now + 6 * DAY).toISOString(),
      prizes: [
        { rank: 1, amount: 10000 },
        { rank: 2, amount: 5000 },
        { rank: 3, amount: 2500 },
        { rank: 4, amount: 1000 },
        { rank: 5, amount: 500 },
      ],
      games: [{ gameCode: 'slot-sakura-fortune' }, { gameCode: 'slot-neon-sevens' }, { gameCode: 'slot-lucky-cat' }],
      translations: t(
        ['桜スプリント', '対象スロットで賭けたコインの合計で順位が決まります。上位5名に賞品コイン！'],
        ['Sakura Sprint', 'Rank by total coins wagered on the race slots. Prize coins for the top 5!'],
      ),
    });
    await bets(db, 'demo-sakura-sprint', start, ids, [
      [1, 'slot-sakura-fortune', 600, 1],
      [0, 'slot-neon-sevens', 450, 2],
      [2, 'slot-lucky-cat', 300, 3],
      [3, 'slot-sakura-fortune', 120, 4],
      [4, 'slot-neon-sevens', 60, 5],
      [1, 'slot-lucky-cat', 200, 6],
    ]);
  }
  if (!has('demo-lucky-multiplier')) {
    await createRace(db, {
      ref: 'demo-lucky-multiplier',
      metric: 'BEST_MULTIPLIER',
      startDateUtc: new Date(now + 2 * DAY).toISOString(),
      endDateUtc: new Date(now + 9 * DAY).toISOString(),
      prizes: [
        { rank: 1, amount: 8000 },
        { rank: 2, amount: 3000 },
        { rank: 3, amount: 1000 },
      ],
      games: [{ gameCode: 'slot-ninja-gold' }, { gameCode: 'roulette-european' }],
      translations: t(
        ['ラッキー倍率チャレンジ', '1ラウンドの最高倍率（配当÷ベット）で競います。'],
        ['Lucky Multiplier', 'Your best single-round multiplier (win ÷ stake) counts.'],
      ),
    });
  }
  // The finished race is paid now, as the timer would.
  await settleRaces(db);
}
