import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConservation } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { sessionToken } from './auth-helpers';

/** The signup bonus through the real sign-up: credited once inside the signup transaction. */
describe(`wallet signup bonus (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_BONUS: '7777', CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
  });
  afterAll(() => t.close());

  const signUp = (name: string) =>
    t.api({
      method: 'POST',
      url: '/signup',
      payload: { email: `${name}@example.test`, displayName: name, password: 'Correct-Horse-9', isAgeOver18: true, languageCode: 'en', siteRef: 'WEB' },
    });

  it('credits the configured signup bonus once, as a SIGNUP_BONUS entry the player sees', async () => {
    const res = await signUp('bonusplayer1');
    expect(res.statusCode, res.body).toBe(200);
    const signin = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { email: 'bonusplayer1@example.test', password: 'Correct-Horse-9', siteRef: 'WEB' },
    });
    const headers = { authorization: `Bearer ${sessionToken(signin)}` };
    const balance = (await t.api({ method: 'GET', url: '/balance', headers })).json();
    expect(balance).toMatchObject({ balance: 7777, currency: 'COIN', canClaimBonus: true });
    const statement = (await t.api({ method: 'GET', url: '/transactions', headers })).json();
    expect(statement.totalRecordAmount).toBe(1);
    expect(statement.records[0]).toMatchObject({ transactionType: 'SIGNUP_BONUS', amount: 7777, newBalance: 7777 });
  });

  it('credits no bonus for a refused duplicate sign-up', async () => {
    expect((await signUp('bonusplayer2')).statusCode).toBe(200);
    const again = await signUp('bonusplayer2');
    expect(again.statusCode).toBe(409);
    const entries = await t.testDb.db.selectFrom('wallet_journal').select('id').where('type', '=', 'SIGNUP_BONUS').execute();
    expect(entries).toHaveLength(2);
    expect((await checkConservation(t.testDb.db)).problems).toEqual([]);
  });
});
