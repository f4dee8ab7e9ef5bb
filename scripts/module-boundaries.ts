/**
 * The server's module boundaries (docs/decisions/0026-module-boundaries.md), checked by `npm run check`:
 * - every folder of `server/modules/` is a module and has an entry, its `index.ts`, made only of
 *   named re-exports from its own files (`export { a, type B } from './file'`): the list of what the
 *   module offers;
 * - a file outside a module's folder imports only that module's entry (one exception:
 *   `server/db/schema.ts` joins the modules' table types, `import type` from their `tables.ts`);
 * - shared infrastructure (the rest of `server/`: db, lib, plugins, config, clock, errors...) imports
 *   no module, except the composition roots listed below, which build the app from the entries; no
 *   module imports a composition root;
 * - the graph between modules (an edge when any file of A imports any file of B, types included) has
 *   no cycle: Tarjan's strongly connected components over the folder graph.
 *
 * dependency-cruiser reads the imports (TypeScript, type-only ones included). `tsx
 * scripts/module-boundaries.ts [root...] [--edges]` prints the modules, edges, the largest cycle and every
 * violation, and exits 1 on any; tests/unit/module-boundaries.test.ts runs it on planted breaks
 * (tests/fixtures/module-boundaries/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import ts from 'typescript';

/** Files that assemble the app from the modules' entries (they may import entries; modules may not import them). */
export const COMPOSITION_ROOTS = ['server/app.ts', 'server/server.ts', 'server/admin.ts', 'server/modules/index.ts', 'server/db/seed.ts'];
/** The one shared file allowed to reach past entries: the database type joins every module's tables.ts. */
const SCHEMA = 'server/db/schema.ts';
const MODULES = 'server/modules/';

export interface ModuleReport {
  modules: string[];
  /** `from -> to`, one per pair of modules, sorted. */
  edges: Array<[string, string]>;
  /** Strongly connected components of more than one module, largest first. */
  cycles: string[][];
  violations: string[];
}

const moduleOf = (file: string): string | undefined => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/').slice(0, -1)[0] : undefined);
const entryOf = (name: string) => `${MODULES}${name}/index.ts`;

export async function checkModuleBoundaries(root: string): Promise<ModuleReport> {
  const modulesDir = path.join(root, MODULES);
  const modules = readdirSync(modulesDir)
    .filter((name) => statSync(path.join(modulesDir, name)).isDirectory())
    .sort();
  const violations: string[] = [];
  for (const name of modules) violations.push(...entryProblems(root, name));

  const cwd = process.cwd();
  let result: ICruiseResult;
  try {
    // dependency-cruiser resolves from the working directory: run it from the root being checked.
    process.chdir(root);
    const cruised = await cruise(
      ['server'],
      { tsPreCompilationDeps: true, includeOnly: '^server/', doNotFollow: { path: 'node_modules' } },
      { extensions: ['.ts', '.tsx', '.js', '.json'] },
    );
    result = cruised.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }

  const edges = new Map<string, Set<string>>(modules.map((name) => [name, new Set<string>()]));
  for (const file of result.modules) {
    const from = file.source;
    const fromModule = moduleOf(from);
    for (const dep of file.dependencies) {
      const to = dep.resolved;
      const toModule = moduleOf(to);
      if (fromModule && COMPOSITION_ROOTS.includes(to))
        violations.push(`${from} imports the composition root ${to}: a module is imported by the app, never the other way`);
      if (!toModule || toModule === fromModule) continue;
      if (fromModule) edges.get(fromModule)?.add(toModule);
      const typeOnly = dep.dependencyTypes.includes('type-only');
      if (from === SCHEMA && to === `${MODULES}${toModule}/tables.ts` && typeOnly) continue;
      if (!fromModule && !COMPOSITION_ROOTS.includes(from)) {
        violations.push(`${from} is shared infrastructure and imports the module ${toModule} (${to}): only the composition roots build on modules`);
      } else if (to !== entryOf(toModule)) {
        violations.push(`${from} imports ${to}, past the entry of the module ${toModule}: import from ${entryOf(toModule)} (add the export there)`);
      }
    }
  }

  const cycles = stronglyConnected(edges)
    .filter((component) => component.length > 1)
    .map((component) => component.sort())
    .sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
  for (const cycle of cycles) violations.push(`the modules ${cycle.join(', ')} import each other in a cycle`);
  const edgeList = [...edges].flatMap(([from, tos]) => [...tos].sort().map((to): [string, string] => [from, to]));
  return { modules, edges: edgeList, cycles, violations: [...new Set(violations)] };
}

/** An entry holds only named re-exports from its own folder: what the module offers, and nothing else. */
function entryProblems(root: string, name: string): string[] {
  const entry = entryOf(name);
  const file = path.join(root, entry);
  if (!existsSync(file)) return [`the module ${name} has no entry: add ${entry}, re-exporting what others may use`];
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const problems: string[] = [];
  for (const statement of source.statements) {
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    const ok =
      ts.isExportDeclaration(statement) &&
      statement.exportClause !== undefined &&
      ts.isNamedExports(statement.exportClause) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('./');
    if (!ok) problems.push(`${entry}:${line}: an entry holds only named re-exports from its own files (export { a, type B } from './file')`);
  }
  return problems;
}

/** Tarjan's algorithm: the strongly connected components of a directed graph. */
export function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

export function describeReport(report: ModuleReport, withEdges = false): string {
  const largest = report.cycles[0];
  const lines = [
    `${report.modules.length} modules, ${report.edges.length} edges between them; largest cycle: ${largest ? `${largest.length} modules (${largest.join(', ')})` : 'none'}`,
  ];
  if (withEdges) lines.push(...report.edges.map(([from, to]) => `  ${from} -> ${to}`));
  if (report.violations.length > 0) lines.push(`${report.violations.length} module boundary violations:`, ...report.violations.map((v) => `  ${v}`));
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const roots = args.filter((arg) => !arg.startsWith('--'));
  let failed = false;
  for (const root of roots.length > 0 ? roots : [path.join(path.dirname(fileURLToPath(import.meta.url)), '..')]) {
    const report = await checkModuleBoundaries(path.resolve(root));
    if (roots.length > 1) console.log(`${root}:`);
    console.log(describeReport(report, args.includes('--edges')));
    failed ||= report.violations.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
}
