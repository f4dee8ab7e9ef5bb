import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge } from '../../../contracts/auth';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { pngDataUrl } from './png';
import { generatePuzzle } from './puzzle';
import { clock } from '../../clock';

/** A challenge is good for 2 minutes and one attempt. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
/** How far, in puzzle pixels, the dropped piece may be from the hole. */
export const CAPTCHA_TOLERANCE_PX = 4;

export async function createChallenge(db: Db): Promise<CaptchaChallenge> {
  const puzzle = generatePuzzle();
  const id = randomBytes(18).toString('base64url');
  const expiresAt = new Date(clock.ms() + CAPTCHA_TTL_MS);
  await db.insertInto('captcha_challenges').values({ id, answer_x: puzzle.answerX, expires_at: expiresAt }).execute();
  // Housekeeping: challenges long past their expiry are of no use to anyone.
  await db
    .deleteFrom('captcha_challenges')
    .where('expires_at', '<', new Date(clock.ms() - 60 * 60 * 1000))
    .execute();
  return {
    challengeId: id,
    width: puzzle.width,
    height: puzzle.height,
    background: pngDataUrl(puzzle.background),
    piece: pngDataUrl(puzzle.piece),
    pieceY: puzzle.pieceY,
    pieceSize: puzzle.pieceSize,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Checks an answer and uses the challenge up, right or wrong: one attempt per picture, so the
 * position cannot be found by trying. INVALID_CAPTCHA when unknown, used, expired or wrong.
 */
export async function verifyCaptcha(db: Db, data: { challengeId: string; answer: number } | undefined): Promise<void> {
  if (!data) throw new AppError('INVALID_CAPTCHA', 'captchaData is required on this channel');
  const row = await db
    .updateTable('captcha_challenges')
    .set({ used_at: clock.now() })
    .where('id', '=', data.challengeId)
    .where('used_at', 'is', null)
    .returning(['answer_x', 'expires_at'])
    .executeTakeFirst();
  if (!row) throw new AppError('INVALID_CAPTCHA', 'Unknown or already used challenge');
  if (row.expires_at.getTime() <= clock.ms()) throw new AppError('INVALID_CAPTCHA', 'Challenge expired');
  if (Math.abs(data.answer - row.answer_x) > CAPTCHA_TOLERANCE_PX) throw new AppError('INVALID_CAPTCHA', 'Wrong position');
}
