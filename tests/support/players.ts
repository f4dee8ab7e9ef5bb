import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db';
import { createSession } from '../../server/plugins/session';

export interface TestPlayer {
  id: string;
  accountRef: string;
  email: string;
  displayName: string;
  token: string;
  /** Headers that make an API call as this player. */
  headers: { authorization: string };
}

/** A fresh Japanese mobile number in E.164 (verified numbers are unique across accounts). */
export const testPhoneNumber = () => `+8190${(randomBytes(4).readUInt32BE() % 90_000_000) + 10_000_000}`;

/**
 * A signed-in player made directly in the database, for tests of other domains (wallet, games, phone)
 * that do not exercise sign-up itself. It has no password: it exists only through its session.
 * Its phone number is verified (coin play and bonuses need that with PHONE_VERIFICATION_REQUIRED)
 * unless `phoneVerified: false`.
 */
export async function createTestPlayer(
  db: Db,
  overrides: { displayName?: string; email?: string; isTester?: boolean; phoneVerified?: boolean } = {},
): Promise<TestPlayer> {
  const suffix = randomBytes(4).toString('hex');
  const displayName = overrides.displayName ?? `p${suffix}`;
  const email = overrides.email ?? `${displayName}@example.test`;
  const verified = overrides.phoneVerified ?? true;
  const row = await db
    .insertInto('accounts')
    .values({
      account_ref: `acc_${suffix}${randomBytes(4).toString('hex')}`,
      email,
      display_name: displayName,
      is_tester: overrides.isTester ?? false,
      phone_number: verified ? testPhoneNumber() : null,
      phone_verified_at: verified ? new Date() : null,
    })
    .returning(['id', 'account_ref'])
    .executeTakeFirstOrThrow();
  const { token } = await createSession(db, row.id);
  return { id: row.id, accountRef: row.account_ref, email, displayName, token, headers: { authorization: `Bearer ${token}` } };
}
