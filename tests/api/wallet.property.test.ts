import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Movement, MovementResult } from '../../server/modules/wallet/types';
import { checkConservation, getBalance, getStatement, postMovement } from '../../server/modules/wallet';
import { createTestDb, onPostgres, type TestDb } from '../support/db';
import { createTestPlayer } from '../support/players';

/**
 * The wallet against a model a child could check: a map of balances and a map of keys already used.
 * Any sequence of credits, debits and repeated keys must give the same answers on the real database.
 */
const WALLETS = 3;
const KEYS = 12; // a small pool, so keys repeat often

const step = fc.record({
  wallet: fc.integer({ min: 0, max: WALLETS - 1 }),
  key: fc.integer({ min: 0, max: KEYS - 1 }),
  kind: fc.constantFrom('BET', 'WIN', 'REFUND', 'ADJUSTMENT_UP', 'ADJUSTMENT_DOWN'),
  amount: fc.integer({ min: 1, max: 5000 }),
});

describe(`wallet property: matches an in-memory model (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDb;
  let run = 0;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  it('gives the model balance after every movement, refuses overdrafts, and replays repeated keys unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run += 1;
        const players = await Promise.all(Array.from({ length: WALLETS }, () => createTestPlayer(t.db)));
        const model = new Map<string, number>(players.map((p) => [p.id, 0]));
        const firstByKey = new Map<string, MovementResult>();
        const accepted = new Map<string, number>(players.map((p) => [p.id, 0]));

        for (const s of steps) {
          const accountId = players[s.wallet].id;
          const debit = s.kind === 'BET' || s.kind === 'ADJUSTMENT_DOWN';
          const movement: Movement = {
            accountId,
            type: s.kind.startsWith('ADJUSTMENT') ? 'ADJUSTMENT' : (s.kind as Movement['type']),
            amount: debit ? -s.amount : s.amount,
            idempotencyKey: `prop:${run}:${s.key}`,
            reason: s.kind.startsWith('ADJUSTMENT') ? 'property test' : null,
          };
          const seen = firstByKey.get(movement.idempotencyKey);
          const expectedBalance = (model.get(accountId) ?? 0) + movement.amount;
          let result: MovementResult;
          try {
            result = await postMovement(t.db, movement);
          } catch (error) {
            // Only an overdraft may be refused, and only when the key is new.
            expect(seen).toBeUndefined();
            expect(expectedBalance).toBeLessThan(0);
            expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
            continue;
          }
          if (seen) {
            expect(result).toEqual({ ...seen, replayed: true });
            continue;
          }
          expect(expectedBalance).toBeGreaterThanOrEqual(0);
          expect(result).toMatchObject({ newBalance: expectedBalance, replayed: false });
          model.set(accountId, expectedBalance);
          accepted.set(accountId, (accepted.get(accountId) ?? 0) + 1);
          firstByKey.set(movement.idempotencyKey, result);
        }

        for (const p of players) {
          expect(await getBalance(t.db, p.id)).toBe(model.get(p.id));
          const statement = await getStatement(t.db, p.id, 1, 100);
          expect(statement.totalRecordAmount).toBe(accepted.get(p.id));
          expect(statement.records[0]?.newBalance ?? 0).toBe(model.get(p.id));
        }
        expect((await checkConservation(t.db)).problems).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
