import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModuleBoundaries, stronglyConnected } from '../../scripts/module-boundaries';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(root, 'tests/fixtures/module-boundaries', name);

describe('module boundaries (scripts/module-boundaries.ts, docs/decisions/0026)', () => {
  it('the server passes: every module has an entry, no import goes past one, no cycle between modules', async () => {
    const report = await checkModuleBoundaries(root);
    expect(report.violations).toEqual([]);
    expect(report.cycles).toEqual([]);
    expect(report.modules.length).toBeGreaterThan(15);
  });

  it('a tree that keeps the rules passes, the database type joining a tables.ts included', async () => {
    const report = await checkModuleBoundaries(fixture('clean'));
    expect(report).toEqual({ modules: ['alpha', 'beta'], edges: [['alpha', 'beta']], cycles: [], violations: [] });
  });

  it('an import past a module entry fails', async () => {
    const report = await checkModuleBoundaries(fixture('bypass'));
    expect(report.violations).toEqual([
      'server/modules/alpha/greet.ts imports server/modules/beta/name.ts, past the entry of the module beta: import from server/modules/beta/index.ts (add the export there)',
    ]);
  });

  it('a cycle between module folders fails, though no file imports itself back', async () => {
    const report = await checkModuleBoundaries(fixture('cycle'));
    expect(report.cycles).toEqual([['alpha', 'beta']]);
    expect(report.violations).toEqual(['the modules alpha, beta import each other in a cycle']);
  });

  it('shared infrastructure building on a module, an entry with code, a module without an entry: each fails', async () => {
    const report = await checkModuleBoundaries(fixture('loose'));
    expect(report.violations).toEqual([
      "server/modules/alpha/index.ts:3: an entry holds only named re-exports from its own files (export { a, type B } from './file')",
      'the module gamma has no entry: add server/modules/gamma/index.ts, re-exporting what others may use',
      'server/lib/helper.ts is shared infrastructure and imports the module beta (server/modules/beta/index.ts): only the composition roots build on modules',
    ]);
  });

  it('the command npm run check runs exits 1 on a planted import past an entry and on a planted cycle, 0 on a clean tree', () => {
    const run = (...names: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/module-boundaries.ts', ...names.map(fixture)], {
        cwd: root,
        encoding: 'utf8',
      });
    const planted = run('bypass', 'cycle');
    expect(planted.status).toBe(1);
    expect(planted.stdout).toContain('server/modules/alpha/greet.ts imports server/modules/beta/name.ts, past the entry of the module beta');
    expect(planted.stdout).toContain('largest cycle: 2 modules (alpha, beta)');
    expect(run('clean').status).toBe(0);
  }, 180_000);

  it("Tarjan's components: a chain has none of more than one node, a loop is one", () => {
    const graph = (edges: Array<[string, string]>) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of edges) {
        g.set(a, (g.get(a) ?? new Set()).add(b));
        if (!g.has(b)) g.set(b, new Set());
      }
      return g;
    };
    const big = (edges: Array<[string, string]>) =>
      stronglyConnected(graph(edges))
        .filter((c) => c.length > 1)
        .map((c) => c.sort());
    expect(
      big([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual([]);
    expect(
      big([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['d', 'e'],
        ['e', 'd'],
      ]),
    ).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
  });
});
