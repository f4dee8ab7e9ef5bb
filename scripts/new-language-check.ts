/**
 * Proof that a language is data (docs/decisions/0016): in a scratch copy of the tree (node_modules
 * linked), add one language as one row of the registry (contracts/languages.ts) plus its locales/
 * folder and content pages (English's files, every text marked "[ko] " so the checks can tell them apart), edit nothing
 * else, then:
 *   1. the type-check passes (every Record<Language, ...> and satisfies is filled by data);
 *   2. the server renders its emails in the new language;
 *   3. the site builds with /ko/ pages in the new language (home, the back-office, the lobby launcher),
 *      and the Japanese and English pages do not change language.
 * `npm run test:new-language` (KEEP_SCRATCH=1 keeps the copy). Exits non-zero on the first failure.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CODE = 'ko';
const ROW = `  { code: '${CODE}', tag: 'ko-KR', prefix: '${CODE}', name: '한국어', listSeparator: ', ', breaksByPhrase: false },`;
const MARK = `[${CODE}] `;
const root = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), 'new-language-'));
const started = Date.now();
const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${what}`);
const fail = (why: string): never => {
  console.error(`new language check FAILED: ${why}\n(scratch copy kept in ${scratch})`);
  process.exit(1);
};
const run = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PSEUDO_LOCALE: '' } });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return fail(`${cmd} ${args.join(' ')}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
};

// The tree as git sees it (tracked and new files, not the ignored ones), node_modules linked.
step(`copying the tree to ${scratch}`);
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
for (const file of files) {
  if (!existsSync(path.join(root, file))) continue;
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(scratch, file));
}
symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));

// 1. One row in the registry...
const registryFile = path.join(scratch, 'contracts', 'languages.ts');
const registry = readFileSync(registryFile, 'utf8');
const end = '] as const satisfies readonly LanguageInfo[];';
if (!registry.includes(end)) fail('contracts/languages.ts: the shipped list is not where this check expects it');
writeFileSync(registryFile, registry.replace(end, `${ROW}\n${end}`));
// ...and its locale files: English's, every text marked.
const mark = (value: unknown): unknown =>
  typeof value === 'string'
    ? MARK + value
    : Array.isArray(value)
      ? value.map(mark)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v)]))
        : value;
const english = path.join(scratch, 'locales', 'en');
mkdirSync(path.join(scratch, 'locales', CODE));
for (const file of readdirSync(english)) {
  writeFileSync(path.join(scratch, 'locales', CODE, file), `${JSON.stringify(mark(JSON.parse(readFileSync(path.join(english, file), 'utf8'))), null, 2)}\n`);
}

// ...and its content pages (about, terms...: content/pages/<page>.<code>.md), English's, marked too.
const pages = path.join(scratch, 'content', 'pages');
for (const file of readdirSync(pages).filter((f) => f.endsWith('.en.md'))) {
  const text = readFileSync(path.join(pages, file), 'utf8').replace(/^(#+ )/m, `$1${MARK}`);
  writeFileSync(path.join(pages, file.replace(/\.en\.md$/, `.${CODE}.md`)), text);
}

step('type-check');
run('npx', ['astro', 'sync']);
run('npx', ['tsx', 'scripts/string-types.ts']);
run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);

step('the server: emails in the new language');
writeFileSync(
  path.join(scratch, 'new-language-mail.ts'),
  `import { renderMail } from './server/modules/mail/mailer';
import { LANGUAGES } from './contracts/languages';
const mail = renderMail('${CODE}' as never, 'resetPassword', { displayName: 'A', minutes: 30, link: 'https://x.example/' });
console.log(JSON.stringify({ languages: LANGUAGES, subject: mail.subject, text: mail.text }));
`,
);
const mail = JSON.parse(run('npx', ['tsx', 'new-language-mail.ts']).trim().split('\n').at(-1) ?? '{}') as {
  languages: string[];
  subject: string;
  text: string;
};
if (!mail.languages.includes(CODE)) fail(`the server's registry has no ${CODE}: ${mail.languages}`);
if (!mail.subject.startsWith(MARK) || !mail.text.startsWith(MARK)) fail(`the reset email is not in ${CODE}: ${mail.subject}`);

step('the site: astro build');
run('npx', ['astro', 'build']);
const dist = path.join(scratch, 'dist');
const page = (p: string) => {
  const file = path.join(dist, p, 'index.html');
  if (!existsSync(file)) fail(`no page ${p}`);
  return readFileSync(file, 'utf8');
};
const home = page(CODE);
if (!home.includes(`lang="${CODE}"`)) fail(`/${CODE}/ is not marked lang="${CODE}"`);
if (!home.includes(MARK)) fail(`/${CODE}/ shows no text of locales/${CODE}`);
for (const p of ['', 'en']) {
  const other = page(p);
  if (other.includes(MARK)) fail(`/${p} shows text of locales/${CODE}`);
  if (!other.includes(`hreflang="${CODE}"`)) fail(`/${p} has no alternate link to /${CODE}/`);
}
for (const p of [`${CODE}/about`, `${CODE}/promotions`, `${CODE}/tournaments`]) if (!page(p).includes(MARK)) fail(`/${p}/ shows no text of locales/${CODE}`);
// The back-office is an island: its page is built and its strings (the forms' labels) come in the new language.
const backoffice = page(`${CODE}/backoffice`);
if (!backoffice.includes(`lang="${CODE}"`)) fail(`/${CODE}/backoffice is not marked lang="${CODE}"`);
const assets = readdirSync(path.join(dist, '_astro')).filter((f) => f.endsWith('.js'));
const label = `${MARK}${JSON.parse(readFileSync(path.join(english, 'backoffice.json'), 'utf8')).promotions.titleIn}`;
if (!assets.some((f) => readFileSync(path.join(dist, '_astro', f), 'utf8').includes(JSON.stringify(label).slice(1, -1))))
  fail(`no chunk holds the back-office's ${CODE} form label "${label}"`);
if (!readFileSync(path.join(dist, 'lobby', 'launcher.js'), 'utf8').includes(MARK)) fail(`the lobby launcher has no ${CODE} strings`);

step(`passed: ${CODE} added as one registry row plus locales/${CODE}/ and its content pages, nothing else edited`);
if (!process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
