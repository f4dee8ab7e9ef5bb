/**
 * Docs that stay true, checked by `npm run check` (`npm run check:docs`):
 * - a repository path named in a code comment or in a Markdown doc (README.md, docs/, a folder's
 *   README.md) must exist.
 *   "A path" is narrow on purpose: a token starting with a top folder of the repository (`server/`,
 *   `src/`, `contracts/`, `scripts/`, `tests/`, `bench/`, `docs/`, `locales/`, `deploy/`, `content/`,
 *   `public/`) that ends in a file extension or a slash, or a decision record by its number
 *   (`docs/decisions/0018`: some `docs/decisions/0018-*.md`); one with a placeholder or a glob (`<name>`,
 *   `*`, `{a,b}`, `...` outside a `[...param]` route folder) is skipped;
 * - a landed migration is never edited: `server/db/migrations/landed.json` holds the sha256 of every
 *   migration's content; a listed file whose content changed or that is gone fails, and so does a
 *   migration not listed yet (`npm run check:docs -- --land-migrations` lists it once it is final);
 * - a code comment names no issue number: it points at a decision record (docs/decisions/) when it
 *   needs a reason, since the issue tracker's numbers mean nothing to a reader of the code.
 *
 * `tsx scripts/docs-check.ts` prints every problem as `file:line: what` and exits 1 on any;
 * tests/unit/docs-check.test.ts runs the checks on planted breaks.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MIGRATIONS_DIR = 'server/db/migrations';
export const MANIFEST = `${MIGRATIONS_DIR}/landed.json`;
export const LAND_COMMAND = 'npm run check:docs -- --land-migrations';

/** Top folders whose paths are checked when a comment or a doc names them. */
const ROOTS = ['server', 'src', 'contracts', 'scripts', 'tests', 'bench', 'docs', 'locales', 'deploy', 'content', 'public'];
/** Folders whose code comments may name no issue number (and whose comments' paths are checked). */
const CODE_DIRS = ['server', 'src', 'contracts', 'scripts', 'tests', 'bench', 'deploy', '.ci'];
const CODE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|astro|css)$/;
const SCRIPT_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

export interface Problem {
  file: string;
  line: number;
  message: string;
}

export interface Comment {
  /** 1-based line of the comment's first character. */
  line: number;
  text: string;
}

const lineAt = (text: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

/** Comments of TypeScript or JavaScript source (JSX too), read by the TypeScript parser so strings and regexes are never taken for comments. */
export function scriptComments(text: string, fileName = 'file.tsx', base = 0, baseText = text): Comment[] {
  const kind = fileName.endsWith('.tsx') || fileName.endsWith('.jsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, Comment>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (!seen.has(r.pos)) seen.set(r.pos, { line: lineAt(baseText, base + r.pos), text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  take(ts.getLeadingCommentRanges(text, 0));
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

const regexComments = (text: string, pattern: RegExp): Comment[] => [...text.matchAll(pattern)].map((m) => ({ line: lineAt(text, m.index ?? 0), text: m[0] }));

/** Comments of a file by its kind: TypeScript/JavaScript, Astro (frontmatter, scripts, HTML and JSX comments), CSS, or `#` lines of a shell or YAML file. */
export function commentsOf(file: string, text: string): Comment[] {
  if (SCRIPT_EXT.test(file)) return scriptComments(text, file);
  if (file.endsWith('.css')) return regexComments(text, /\/\*[\s\S]*?\*\//g);
  if (file.endsWith('.astro')) {
    const out: Comment[] = [];
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (front) out.push(...scriptComments(front[1], 'front.ts', text.indexOf(front[1]), text));
    for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
      const start = (m.index ?? 0) + m[0].indexOf(m[1]);
      out.push(...scriptComments(m[1], 'script.ts', start, text));
    }
    const rest = front ? text.slice(front[0].length) : text;
    const offset = front ? front[0].length : 0;
    for (const m of rest.matchAll(/<!--[\s\S]*?-->|\{\s*\/\*[\s\S]*?\*\/\s*\}/g)) {
      out.push({ line: lineAt(text, offset + (m.index ?? 0)), text: m[0] });
    }
    return out;
  }
  return regexComments(text, /(?<=^|\s)#(?![!{]).*$/gm);
}

const PATH_TOKEN = new RegExp(`(?<![\\w./@~-])(?:\\./)?((?:${ROOTS.join('|')})/[\\w.\\-/\\[\\]<>*{},@$]*)`, 'g');

/** A decision record named by its number alone (`docs/decisions/0018`): one `docs/decisions/0018-*.md` must exist. */
const DECISION_NUMBER = /^docs\/decisions\/\d{4}$/;

const pathExists = (root: string, named: string) => {
  if (!DECISION_NUMBER.test(named)) return existsSync(path.join(root, named));
  const dir = path.join(root, 'docs/decisions');
  const prefix = `${named.slice('docs/decisions/'.length)}-`;
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(prefix) && name.endsWith('.md'));
};

/** Repository paths named in a text: tokens under a top folder ending in an extension or a slash, without placeholders or globs. */
export function pathsIn(text: string): Array<{ path: string; index: number }> {
  const out: Array<{ path: string; index: number }> = [];
  for (const m of text.matchAll(PATH_TOKEN)) {
    let token = m[1];
    // A sentence's punctuation after the path is not part of it.
    token = token.replace(/[.,:;)\]]+$/, '');
    if (/[<>*{}$]/.test(token)) continue;
    if (token.replace(/\[\.\.\.[\w-]+\]/g, '').includes('...')) continue;
    if (token.includes('//')) continue;
    const last = token.split('/').pop() ?? '';
    const isFolder = token.endsWith('/');
    if (!isFolder && !/\.[A-Za-z0-9]+$/.test(last) && !DECISION_NUMBER.test(token)) continue;
    out.push({ path: token, index: m.index ?? 0 });
  }
  return out;
}

const ISSUE = /\bissues?\s*#?\d+(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)#?\d+)*|\(#\d+\)|\bPR\s*#\d+/gi;

/** Issue numbers in a text: the word issue (or PR) with a number, or a number in parentheses after `#`. */
export const issueNumbersIn = (text: string): string[] => [...text.matchAll(ISSUE)].map((m) => m[0]);

/** Files the checks read: tracked and untracked-but-not-ignored, relative to root. */
export function listFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
    return out
      .split('\n')
      .filter(Boolean)
      .filter((f) => existsSync(path.join(root, f)));
  } catch {
    return walk(root, '');
  }
}

function walk(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git' || entry.name === 'dist') continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(root, rel));
    else out.push(rel);
  }
  return out;
}

const isDoc = (f: string) => f === 'README.md' || f.endsWith('/README.md') || (f.startsWith('docs/') && f.endsWith('.md'));
const isCode = (f: string) =>
  (CODE_DIRS.some((d) => f.startsWith(`${d}/`)) || !f.includes('/')) && (CODE_EXT.test(f) || f.startsWith('.ci/') || f.startsWith('deploy/'));
/** Files whose own content is about paths and issue numbers: the checker's fixtures. */
const EXEMPT = (f: string) => f.startsWith('tests/fixtures/docs-check/');

/** Of the given paths, those git ignores: generated files (src/lib/strings.generated.ts) need not exist before their script runs. */
function ignoredByGit(root: string, paths: string[]): Set<string> {
  if (!paths.length) return new Set();
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: root, encoding: 'utf8', input: paths.join('\n') });
    return new Set(out.split('\n').filter(Boolean));
  } catch {
    // exit 1: none is ignored, or not a git repository.
    return new Set();
  }
}

/** (a) Paths named in comments and docs that do not exist (a path git ignores is generated, and skipped). */
export function checkPaths(root: string, files: string[]): Problem[] {
  const missing: Array<Problem & { path: string }> = [];
  for (const file of files) {
    if (EXEMPT(file) || !(isDoc(file) || isCode(file))) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    const pieces: Comment[] = isDoc(file) ? [{ line: 1, text }] : commentsOf(file, text);
    for (const piece of pieces) {
      for (const found of pathsIn(piece.text)) {
        if (pathExists(root, found.path)) continue;
        missing.push({ file, path: found.path, line: piece.line + lineAt(piece.text, found.index) - 1, message: `names ${found.path}, which does not exist` });
      }
    }
  }
  const ignored = ignoredByGit(root, [...new Set(missing.map((m) => m.path))]);
  return missing.filter((m) => !ignored.has(m.path)).map(({ file, line, message }) => ({ file, line, message }));
}

/** (c) Issue numbers in code comments. */
export function checkIssueNumbers(root: string, files: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    if (EXEMPT(file) || !isCode(file)) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const comment of commentsOf(file, text)) {
      for (const m of comment.text.matchAll(ISSUE)) {
        problems.push({
          file,
          line: comment.line + lineAt(comment.text, m.index ?? 0) - 1,
          message: `comment names an issue number ("${m[0]}"): point at a decision record in docs/decisions/ instead, or drop it`,
        });
      }
    }
  }
  return problems;
}

const sha256 = (text: Buffer | string) => createHash('sha256').update(text).digest('hex');

export function migrationHashes(root: string): Record<string, string> {
  const dir = path.join(root, MIGRATIONS_DIR);
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ts|js)$/.test(name)) continue;
    out[name] = sha256(readFileSync(path.join(dir, name)));
  }
  return out;
}

export function readManifest(root: string): Record<string, string> {
  const file = path.join(root, MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/** (b) Landed migrations unchanged and present; every migration landed. */
export function checkMigrations(root: string): Problem[] {
  const manifest = readManifest(root);
  const current = migrationHashes(root);
  const problems: Problem[] = [];
  for (const [name, hash] of Object.entries(manifest)) {
    const file = `${MIGRATIONS_DIR}/${name}`;
    if (!(name in current)) problems.push({ file, line: 1, message: `landed migration is gone (listed in ${MANIFEST}): a landed migration is never removed` });
    else if (current[name] !== hash)
      problems.push({
        file,
        line: 1,
        message: `landed migration was edited (its sha256 differs from ${MANIFEST}): undo the edit and add a new migration instead`,
      });
  }
  for (const name of Object.keys(current)) {
    if (!(name in manifest))
      problems.push({ file: `${MIGRATIONS_DIR}/${name}`, line: 1, message: `migration not in ${MANIFEST}: once it is final, run \`${LAND_COMMAND}\`` });
  }
  return problems;
}

/** Lists every migration not in the manifest yet (listed ones keep their recorded hash). */
export function landMigrations(root: string): string[] {
  const manifest = readManifest(root);
  const added: string[] = [];
  for (const [name, hash] of Object.entries(migrationHashes(root))) {
    if (name in manifest) continue;
    manifest[name] = hash;
    added.push(name);
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(root, MANIFEST), `${JSON.stringify(sorted, null, 2)}\n`);
  return added;
}

export function checkDocs(root: string): Problem[] {
  const files = listFiles(root);
  return [...checkPaths(root, files), ...checkMigrations(root), ...checkIssueNumbers(root, files)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--land-migrations')) {
    const added = landMigrations(root);
    console.log(added.length ? `landed in ${MANIFEST}: ${added.join(', ')}` : `every migration is already in ${MANIFEST}`);
  }
  const problems = checkDocs(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length) {
    console.error(`docs-check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('docs-check: paths in comments and docs exist, landed migrations unchanged, no issue numbers in comments');
}
