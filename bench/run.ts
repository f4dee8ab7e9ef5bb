/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (alphabetical). Each file exports
 * `run(): Promise<void>`, prints its own results and throws when a budget or check fails.
 * `npm run bench -- site-bytes` runs only the files whose name contains one of the arguments.
 * `--short` (the CI version, .ci/run) sets BENCH_SHORT=1: each bench runs its short form (fewer or
 * shorter windows, 10^6 simulated rounds instead of 10^7) with the same targets enforced.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.resolve('bench');
const args = process.argv.slice(2);
if (args.includes('--short')) process.env.BENCH_SHORT = '1';
const unknownFlag = args.find((a) => a.startsWith('--') && a !== '--short');
if (unknownFlag) {
  console.error(`Unknown option ${unknownFlag} (only --short).`);
  process.exit(1);
}
const filters = args.filter((a) => !a.startsWith('--'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) {
  console.error(`No bench file matches ${filters.join(', ') || 'bench/*.bench.ts'}.`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  console.log(`\n=== ${name} ${'='.repeat(Math.max(0, 70 - name.length))}`);
  const started = performance.now();
  try {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: () => Promise<void> };
    if (typeof mod.run !== 'function') throw new Error(`${file} does not export run()`);
    await mod.run();
    console.log(`--- ${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed.push(name);
    console.error(`--- ${name}: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(`\n${files.length - failed.length}/${files.length} bench files passed${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`);
process.exit(failed.length ? 1 : 0);
