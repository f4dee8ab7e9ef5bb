/**
 * Mutation testing over a list of named breaks (docs/decisions/0027): `npm run mutate` applies each
 * break of security, money and fairness code, one at a time, to a scratch copy of the repository
 * and runs only the test files that claim to guard it. A break the tests still pass is a survivor:
 * the claim has no guard. Prints caught/survived per mutation and exits 1 on any survivor.
 *
 *   npm run mutate                     every mutation
 *   npm run mutate -- --short          the short list .ci/run runs
 *   npm run mutate -- --benches        the bench verdicts against the regressions they name (minutes each)
 *   npm run mutate -- staff-totp-any-code audit-verify-skips-link   the ones named
 *   npm run mutate -- --list           the list, nothing run
 *   npm run mutate -- --no-baseline    without the unbroken runs (where these tests have just passed)
 *
 * Before the breaks, each distinct set of guarding test files runs once unbroken (a test that fails
 * anyway would "catch" every break). A mutation whose search text is not found exactly once fails the
 * run: the code moved and the list must follow it. Mutations marked `postgres` run their tests on the
 * PostgreSQL of MUTATE_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); when it
 * cannot be reached they are reported as not run, which fails the run under CI.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { MUTATIONS, type Mutation } from './mutations';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const isCi = ['true', '1'].includes((process.env.CI ?? '').trim().toLowerCase());
/** Skips the unbroken runs: only where the same tests have just passed (.ci/run runs them before). */
const noBaseline = args.includes('--no-baseline');
const postgresUrl = process.env.MUTATE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function selected(): Mutation[] {
  const names = args.filter((a) => !a.startsWith('--'));
  if (names.length > 0) {
    const unknown = names.filter((n) => !MUTATIONS.some((m) => m.name === n));
    if (unknown.length > 0) throw new Error(`unknown mutation(s): ${unknown.join(', ')}`);
    return MUTATIONS.filter((m) => names.includes(m.name));
  }
  if (args.includes('--benches')) return MUTATIONS.filter((m) => m.bench);
  return args.includes('--short') ? MUTATIONS.filter((m) => m.short) : MUTATIONS;
}

/** A copy of the working tree (what is being tested, uncommitted changes included) beside the real one, sharing node_modules. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mutate-'));
  const tar = spawnSync(
    'bash',
    [
      '-c',
      `tar -C "${root}" --exclude=./node_modules --exclude=./.git --exclude=./dist --exclude=./data --exclude=./test-results --exclude=./playwright-report --exclude=./.scratch -cf - . | tar -C "${dir}" -xf -`,
    ],
    { stdio: 'inherit' },
  );
  if (tar.status !== 0) throw new Error('could not copy the working tree');
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const baselineKey = (m: Mutation) =>
  m.bench
    ? `bench ${m.bench.name} ${JSON.stringify(m.bench.env ?? {})}`
    : `${m.tests.join(' ')}${m.filter ? ` -t '${m.filter}'` : ''}${m.postgres ? ' on PostgreSQL' : ''}`;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs the test files (vitest projects by folder) in the scratch copy; resolves to whether they all passed. */
function runTests(dir: string, m: Mutation, quiet: boolean): Promise<{ passed: boolean; output: string; seconds: number }> {
  const started = Date.now();
  const projects = [...new Set(m.tests.map((t) => (t.startsWith('tests/unit/') ? 'unit' : 'api')))];
  const argv = m.bench
    ? ['tsx', 'bench/run.ts', '--short', m.bench.name]
    : ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--bail=1', ...(m.filter ? ['-t', m.filter] : []), ...m.tests];
  const env: NodeJS.ProcessEnv = { ...process.env, ...m.bench?.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  if (m.postgres) env.TEST_DATABASE_URL = postgresUrl;
  else delete env.TEST_DATABASE_URL;
  return new Promise((done) => {
    const child = spawn('npx', argv, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (!quiet) process.stdout.write(output);
      done({ passed: code === 0, output, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

/** The first failing test's name in vitest's output (what caught the break). */
const firstFailure = (output: string) =>
  /--- \S+: FAILED: (.+)$/m.exec(output)?.[1]?.slice(0, 300) ??
  (/(?:FAIL|×)\s+(.+?)(?:\s+\d+ms)?$/m.exec(stripVTControlCharacters(output))?.[1]?.trim() ?? 'a test failed').replace(/^api |^unit /, '').slice(0, 200);

function applyEdits(dir: string, m: Mutation): Map<string, string> {
  const originals = new Map<string, string>();
  for (const edit of m.edits) {
    const path = join(dir, edit.file);
    const before = originals.get(path) ?? readFileSync(path, 'utf8');
    if (!originals.has(path)) originals.set(path, before);
    const current = readFileSync(path, 'utf8');
    const count = current.split(edit.find).length - 1;
    if (count !== 1) throw new Error(`${m.name}: "${edit.find}" found ${count} times in ${edit.file} (expected once: the list must follow the code)`);
    writeFileSync(
      path,
      current.replace(edit.find, () => edit.replace),
    );
  }
  return originals;
}

async function main() {
  if (args.includes('--list')) {
    for (const m of MUTATIONS)
      console.log(
        `${m.short ? '*' : ' '} ${m.name.padEnd(34)} ${m.claim}\n${' '.repeat(37)}guarded by ${m.bench ? `npm run bench -- --short ${m.bench.name}` : m.tests.join(', ')}`,
      );
    console.log('(* in the short list .ci/run runs)');
    return;
  }
  const list = selected();
  const started = Date.now();
  const hasPostgres = list.some((m) => m.postgres) ? await postgresReachable() : false;
  const dir = scratchCopy();
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  process.on('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  process.on('SIGTERM', () => {
    cleanUp();
    process.exit(143);
  });
  console.log(`== mutate: ${list.length} mutation(s) in ${dir}`);
  const results: Array<{ m: Mutation; verdict: 'caught' | 'SURVIVED' | 'not run' | 'BASELINE FAILS'; detail: string; seconds: number }> = [];
  try {
    // Baselines: each set of guarding tests passes unbroken.
    const baselines = new Map<string, boolean>();
    for (const m of list) {
      const key = baselineKey(m);
      if (baselines.has(key) || (m.postgres && !hasPostgres)) continue;
      if (noBaseline) {
        baselines.set(key, true);
        continue;
      }
      const base = await runTests(dir, m, true);
      baselines.set(key, base.passed);
      console.log(`   baseline ${base.passed ? 'passes' : 'FAILS'} (${base.seconds} s): ${key}`);
      if (!base.passed) console.log(base.output.split('\n').slice(-40).join('\n'));
    }
    for (const m of list) {
      if (m.postgres && !hasPostgres) {
        results.push({ m, verdict: 'not run', detail: `no PostgreSQL at ${postgresUrl}`, seconds: 0 });
        console.log(`-- ${m.name}: not run (no PostgreSQL at ${postgresUrl})`);
        continue;
      }
      if (!baselines.get(baselineKey(m))) {
        results.push({ m, verdict: 'BASELINE FAILS', detail: 'its tests fail without the break', seconds: 0 });
        continue;
      }
      const originals = applyEdits(dir, m);
      try {
        const run = await runTests(dir, m, true);
        const verdict = run.passed ? 'SURVIVED' : 'caught';
        const detail = run.passed ? 'every guarding test passed with the break in place' : firstFailure(run.output);
        results.push({ m, verdict, detail, seconds: run.seconds });
        console.log(`-- ${m.name}: ${verdict} (${run.seconds} s) ${detail}`);
      } finally {
        for (const [path, text] of originals) writeFileSync(path, text);
      }
    }
  } finally {
    cleanUp();
  }
  console.log('\n== mutate: results');
  for (const r of results) console.log(`${r.verdict.padEnd(14)} ${r.m.name.padEnd(34)} ${r.m.claim}`);
  const survivors = results.filter((r) => r.verdict === 'SURVIVED').length;
  const broken = results.filter((r) => r.verdict === 'BASELINE FAILS').length;
  const notRun = results.filter((r) => r.verdict === 'not run').length;
  const caught = results.filter((r) => r.verdict === 'caught').length;
  console.log(
    `== mutate: ${caught} caught, ${survivors} survived, ${notRun} not run, ${broken} with failing baselines, in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (survivors > 0 || broken > 0 || (notRun > 0 && isCi)) process.exit(1);
}

await main();
