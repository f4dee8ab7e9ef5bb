import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkDocs,
  checkIssueNumbers,
  checkMigrations,
  checkPaths,
  commentsOf,
  issueNumbersIn,
  LAND_COMMAND,
  landMigrations,
  listFiles,
  MANIFEST,
  pathsIn,
} from '../../scripts/docs-check';

/** scripts/docs-check.ts on a scratch repository: each check fails on its planted break and passes once it is gone. */
describe('docs-check', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docs-check-'));
    write('server/app.ts', '/** The app (server/config.ts holds its settings; see docs/decisions/0001-x.md). */\nexport const app = 1;\n');
    write('server/config.ts', "// Read by server/app.ts.\nexport const url = 'server/not-a-comment.ts';\n");
    write('docs/decisions/0001-x.md', '# 0001: X\n\nDecided: server/app.ts does it, because of `server/modules/<name>/` and `tests/**/*.test.ts`.\n');
    write('README.md', '# Readme\n\nThe app: `server/app.ts`; its settings: server/config.ts.\n');
    write('server/db/migrations/2026-01-01T00-00_first.ts', 'export async function up() {}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const run = () => {
    const files = listFiles(root);
    return { paths: checkPaths(root, files), issues: checkIssueNumbers(root, files) };
  };

  it('passes a clean tree (after the migration is landed)', () => {
    landMigrations(root);
    expect(checkDocs(root)).toEqual([]);
  });

  it('(a) fails on a path named in a code comment that does not exist, with its file and line', () => {
    expect(run().paths).toEqual([]);
    write('server/app.ts', '\n\n/**\n * Moved: see server/gone.ts.\n */\nexport const app = 1;\n');
    expect(run().paths).toEqual([{ file: 'server/app.ts', line: 4, message: 'names server/gone.ts, which does not exist' }]);
  });

  it('(a) fails on a decision record named by a number no record has', () => {
    write('server/app.ts', '// Why: docs/decisions/0001, and docs/decisions/0002.\nexport const app = 1;\n');
    expect(run().paths).toEqual([{ file: 'server/app.ts', line: 1, message: 'names docs/decisions/0002, which does not exist' }]);
  });

  it('(a) fails on a path named in a Markdown doc that does not exist', () => {
    write('docs/decisions/0001-x.md', '# 0001\n\nThe reason lives in src/lib/nowhere.ts and tests/unit/\n');
    write('README.md', '# Readme\n\nLayout: `contracts/missing/`.\n');
    const found = run().paths.map((p) => `${p.file}:${p.line} ${p.message}`);
    expect(found.sort()).toEqual([
      'README.md:3 names contracts/missing/, which does not exist',
      'docs/decisions/0001-x.md:3 names src/lib/nowhere.ts, which does not exist',
      'docs/decisions/0001-x.md:3 names tests/unit/, which does not exist',
    ]);
  });

  it('(a) reads paths narrowly: placeholders, globs and folders without a slash are skipped, punctuation is not part of a path', () => {
    const named = (text: string) => pathsIn(text).map((p) => p.path);
    expect(named('see server/app.ts, then src/pages/[...lang]/index.astro.')).toEqual(['server/app.ts', 'src/pages/[...lang]/index.astro']);
    expect(named('server/modules/<name>/ tests/**/*.test.ts locales/{ja,en}/x.json server/.../x.ts server/db docs/decisions')).toEqual([]);
    expect(named('(docs/decisions/0018), docs/decisions/00189')).toEqual(['docs/decisions/0018']);
    expect(named('https://example.com/src/app.ts ../shared/docs/x.md node_modules/x/src/y.ts')).toEqual([]);
    expect(named('(server/db/)')).toEqual(['server/db/']);
  });

  it('(a) reads only comments of code: strings and regular expressions are not comments', () => {
    const comments = commentsOf(
      'x.tsx',
      "const a = 'http://x // not one'; const r = /\\/\\/ nor this/;\n// one\nconst j = <div>{/* two */}</div>;\n/* three */",
    );
    expect(comments.map((c) => [c.line, c.text])).toEqual([
      [2, '// one'],
      [3, '/* two */'],
      [4, '/* three */'],
    ]);
    const astro = commentsOf('x.astro', '---\n// front\nconst a = 1;\n---\n<!-- html -->\n<p>{/* jsx */}</p>\n<script>\n// script\n</script>\n');
    expect(astro.map((c) => [c.line, c.text])).toEqual([
      [2, '// front'],
      [8, '// script'],
      [5, '<!-- html -->'],
      [6, '{/* jsx */}'],
    ]);
  });

  it('(b) fails on an edit to a landed migration, and on one that is gone', () => {
    landMigrations(root);
    expect(checkMigrations(root)).toEqual([]);
    write('server/db/migrations/2026-01-01T00-00_first.ts', 'export async function up() {}\n// edited\n');
    expect(checkMigrations(root).map((p) => `${p.file}: ${p.message.split(' (')[0]}`)).toEqual([
      'server/db/migrations/2026-01-01T00-00_first.ts: landed migration was edited',
    ]);
    unlinkSync(path.join(root, 'server/db/migrations/2026-01-01T00-00_first.ts'));
    expect(checkMigrations(root).map((p) => p.message.split(' (')[0])).toEqual(['landed migration is gone']);
  });

  it('(b) fails on a migration not in the manifest yet, naming the command that lands it; landing keeps recorded hashes', () => {
    landMigrations(root);
    write('server/db/migrations/2026-02-01T00-00_second.ts', 'export async function up() {}\n');
    const problems = checkMigrations(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe('server/db/migrations/2026-02-01T00-00_second.ts');
    expect(problems[0].message).toContain(MANIFEST);
    expect(problems[0].message).toContain(LAND_COMMAND);
    write('server/db/migrations/2026-01-01T00-00_first.ts', '// edited before landing again\n');
    expect(landMigrations(root)).toEqual(['2026-02-01T00-00_second.ts']);
    expect(checkMigrations(root).map((p) => p.message.split(' (')[0])).toEqual(['landed migration was edited']);
  });

  it('(c) fails on an issue number in a code comment, in every spelling, with its line', () => {
    expect(run().issues).toEqual([]);
    const spellings = ['issue 23', 'issue #23', 'Issue 23', 'Issue #23', 'issues #14 and #24', '(#23)', 'PR #7'];
    for (const spelling of spellings) expect(issueNumbersIn(`a comment (${spelling}) here`), spelling).not.toEqual([]);
    write('src/a.ts', `export const a = 1;\n// Why: ${spellings[0]}.\n`);
    write('tests/b.test.ts', `/**\n * Covers (#23).\n */\nexport const b = 'issue 23 in a string is no comment';\n`);
    write('src/c.astro', '---\nconst c = 1;\n---\n<!-- Issue #23 -->\n');
    const found = run().issues.map((p) => `${p.file}:${p.line}`);
    expect(found.sort()).toEqual(['src/a.ts:2', 'src/c.astro:4', 'tests/b.test.ts:2']);
  });

  it('(c) takes no other number for an issue: a React error, a colour, a decision record', () => {
    expect(issueNumbersIn("React's hydration error #418, colour #333, docs/decisions/0023, round 12, tissue 3")).toEqual([]);
  });
});
