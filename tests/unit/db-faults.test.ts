import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../../server/db/faults';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'ERROR' });

describe('database faults: what counts as the database being unavailable', () => {
  it('recognises lost connections, restarts, failovers, a full pool and transient conflicts', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('53300'),
      pgError('40001'),
      pgError('40P01'),
      pgError('25006'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Postgres connection has been discarded'),
      new Error('Migration x failed', { cause: pgError('57P01') }),
      new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' }), Object.assign(new Error('b'), { code: 'ECONNREFUSED' })]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves bugs and refused statements alone: they stay 500s or their own codes', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      pgError('42P01', 'relation "x" does not exist'),
      new TypeError('cannot read properties of undefined'),
      new Error('Migration x failed', { cause: pgError('42601') }),
      null,
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('retries a task while the database is unavailable, and not on any other error', async () => {
    let calls = 0;
    const result = await retryWhileUnavailable(async () => {
      calls++;
      if (calls < 3) throw pgError('57P03', 'the database system is starting up');
      return 'migrated';
    });
    expect(result).toBe('migrated');
    expect(calls).toBe(3);

    let bugCalls = 0;
    await expect(
      retryWhileUnavailable(async () => {
        bugCalls++;
        throw new TypeError('bug');
      }),
    ).rejects.toThrow('bug');
    expect(bugCalls).toBe(1);

    await expect(
      retryWhileUnavailable(
        async () => {
          throw pgError('57P01');
        },
        { deadlineMs: 0 },
      ),
    ).rejects.toMatchObject({ code: '57P01' });
  });
});
