import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES, postgresDecision } from '../../scripts/pg-reachable';

/**
 * .ci/run runs the API suite a second time on PostgreSQL; scripts/pg-reachable.ts decides what an
 * unreachable server means: a failed run under CI, a loud skip on a local run.
 */
describe('CI and an unreachable PostgreSQL', () => {
  it('fails under CI=true or CI=1, skips locally, runs when reachable', () => {
    expect(postgresDecision(false, { CI: 'true' })).toBe('fail');
    expect(postgresDecision(false, { CI: '1' })).toBe('fail');
    expect(postgresDecision(false, {})).toBe('skip');
    expect(postgresDecision(false, { CI: 'false' })).toBe('skip');
    expect(postgresDecision(true, { CI: 'true' })).toBe('run');
    expect(postgresDecision(true, {})).toBe('run');
  });

  // Port 1 on loopback refuses at once: a real connection attempt through the script .ci/run calls.
  const script = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pg-reachable.ts', 'postgres://postgres@127.0.0.1:1/postgres'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('the script exits 1 (fail) under CI=true when nothing listens', { timeout: 30_000 }, () => {
    const { CI: _ci, ...rest } = process.env;
    const run = script({ ...rest, CI: 'true' });
    expect(run.stderr).toContain('PostgreSQL not reachable');
    expect(run.status).toBe(EXIT_CODES.fail);
    expect(EXIT_CODES.fail).toBe(1);
  });

  it('the script exits 2 (skip) without CI when nothing listens', { timeout: 30_000 }, () => {
    const { CI: _ci, ...rest } = process.env;
    const run = script(rest);
    expect(run.stderr).toContain('PostgreSQL not reachable');
    expect(run.status).toBe(EXIT_CODES.skip);
  });
});
