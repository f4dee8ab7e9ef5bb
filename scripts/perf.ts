/**
 * `npm run perf`: Lighthouse (mobile, default simulated throttling) on the real site, offline, with
 * Debian's Chromium: home, a category, a game launch page, the house game frame, bet history
 * (signed in), about and app-about, in both languages, for a visitor and for a signed-in player
 * (made through the real API with DEV_TOOLS, as the e2e journeys do). Prints one row per run and
 * exits non-zero on any breach of the budget (docs/decisions/0012-lean-pages.md):
 *   performance >= 95; accessibility, best practices and SEO 100; CLS < 0.05;
 *   JavaScript (gzip, every script the page loaded, inline ones included): for a visitor home,
 *   category, game launch and static pages (about: the site's header) 95 KiB (as
 *   bench/site-bytes); for a player, who also loads what only a player sees once the session
 *   is known (docs/decisions/0022), home, category and game launch 104 KiB, bet history 108 KiB,
 *   about 100 KiB; the house game frame 85 KiB (ofetch and the language registry,
 *   docs/decisions/0012) (without the game's own module, which it loads once the play session has
 *   started: column "later"); in-app pages nothing but their inline script.
 * Every page is measured RUNS times (3, fixed up front and the same for every page, never "again
 * until it passes"): performance is the median of the runs (Lighthouse's advice on variability),
 * CLS the worst of them; the other categories and the JavaScript come from the first run, which
 * audits all four categories (the later ones audit performance only). The runs go in rounds (every
 * page once, then every page again), so a burst of load from elsewhere hits one run of several pages
 * rather than every run of one. The table shows each run's score and the machine's load.
 * Runs are sequential in one Chromium (a 2-core machine's scores are noisy enough already).
 * PERF_ONLY=home,category runs only those pages (while fixing one; a name no page has fails at once);
 * PERF_RUNS=1 one run each (a quick look, not a verdict to trust). A category Lighthouse was asked for
 * and did not score is a breach (scripts/perf-verdict.ts).
 * PERF_REPORTS=<folder> keeps each run's Lighthouse result (JSON) there.
 * `BASE_URL=... npm run perf` audits a running deployment built from this checkout instead
 * (JavaScript is then measured from SITE_DIR, default ./dist).
 */
import { LANGUAGES, localizePath, type Language } from '../contracts/languages';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, request as playwrightRequest } from '@playwright/test';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { INLINE_SCRIPT_BUDGET_GZ, inlineScripts, pageModules } from '../bench/site-bytes.bench';
import { signUpViaApi, verifyPhoneViaApi } from '../tests/e2e/support/players';
import { startBuiltSite, type BuiltSite } from './built-site';
import { categoryScores, pickTargets } from './perf-verdict';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_GAME = 'slot-sakura-fortune';
const KIB = 1024;

type Who = 'visitor' | 'player';
interface Target {
  label: string;
  /** The page's path in Japanese (English adds /en), or a function that asks the API for it. */
  path: string | ((api: Api, lang: Lang) => Promise<string>);
  /** JavaScript budget in gzip bytes (a visitor's page); 0: a static page, nothing but its inline script. */
  jsBudget: number;
  /**
   * A signed-in player's page, when it differs: the visitor's JavaScript plus what only a player sees,
   * loaded once the session is known (src/islands/lazyForPlayer.ts: the header's balance and menu, the
   * level and bell, the hearts, the player's rows; docs/decisions/0022, "Back to 95 KiB").
   */
  playerJsBudget?: number;
  /** Categories not held to the budget, and why. */
  exempt?: { category: string; why: string };
  /**
   * The budget counts the page's own JavaScript, not what it loads later on its own (the house frame's
   * game module, loaded once the play session has started): shown apart in the table.
   */
  budgetWithoutLazy?: boolean;
  who: Who[];
}
type Lang = Language;
type Api = (url: string) => Promise<{ url: string }>;

/** The house game frame's address, from a launch as the site makes it (demo for a visitor, coins for a player). */
const houseFrame = (who: Who) => async (api: Api, lang: Lang) => {
  const lobbyUrl = localizePath(`/game-launch/${DEMO_GAME}`, lang);
  const query = new URLSearchParams({ gameCode: DEMO_GAME, lobbyUrl, language: lang });
  if (who === 'visitor') {
    query.set('currency', 'PTS');
    query.set('brand', 'coin-casino');
  }
  const { url } = await api(`${who === 'visitor' ? '/launch-demo' : '/launchgame'}?${query}`);
  const frame = new URL(url, 'http://site');
  return frame.pathname + frame.search;
};

/** The game client inside the launch page's iframe is kept out of search indexes on purpose (noindex). */
const FRAME_SEO = { category: 'seo', why: 'a game client for the launch iframe, noindex on purpose' };

const TARGETS: Target[] = [
  { label: 'home', path: '/', jsBudget: 95 * KIB, playerJsBudget: 104 * KIB, who: ['visitor', 'player'] },
  { label: 'category', path: '/category/slot', jsBudget: 95 * KIB, playerJsBudget: 104 * KIB, who: ['visitor', 'player'] },
  { label: 'game launch', path: `/game-launch/${DEMO_GAME}`, jsBudget: 95 * KIB, playerJsBudget: 104 * KIB, who: ['visitor', 'player'] },
  { label: 'house frame', path: houseFrame('visitor'), jsBudget: 85 * KIB, who: ['visitor'], exempt: FRAME_SEO, budgetWithoutLazy: true },
  { label: 'house frame', path: houseFrame('player'), jsBudget: 85 * KIB, who: ['player'], exempt: FRAME_SEO, budgetWithoutLazy: true },
  { label: 'bet history', path: '/bet-history', jsBudget: 108 * KIB, who: ['player'] },
  { label: 'about', path: '/about', jsBudget: 95 * KIB, playerJsBudget: 100 * KIB, who: ['visitor', 'player'] },
  { label: 'app-about', path: '/app-about', jsBudget: 0, who: ['visitor'] },
];

/** The pages PERF_ONLY names (every page without it); a name no page has stops the run before it starts. */
const SELECTED = pickTargets(TARGETS, process.env.PERF_ONLY);

const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.05 };
/** Runs per page; the verdict on performance is their median. */
const RUNS = Number(process.env.PERF_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`PERF_RUNS=${process.env.PERF_RUNS}: a whole number of runs, 1 or more`);
const ALL_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Longest wait for a quieter machine before a run (see quietMachine). */
const QUIET_WAIT_MS = 10_000;

/** One Lighthouse run of a page. */
interface Run {
  performance: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** The machine's 1-minute load average when the run started. */
  load: number;
}

interface Row {
  label: string;
  lang: Lang;
  who: Who;
  /** Performance: the median of the runs; the other categories: the first run's. */
  scores: Record<string, number>;
  runs: Run[];
  /** The worst CLS of the runs. */
  cls: number;
  /** Medians of the runs. */
  lcpMs: number;
  tbtMs: number;
  jsBytes: number;
  /** Of jsBytes, loaded later by the page's own code (shown, and outside the budget when the target says so). */
  jsLazy: number;
  jsBudgetBytes: number;
  jsBudget: number;
  /** Categories a run was asked to audit and did not score ("seo", "performance (run 2)"). */
  missing: string[];
  breaches: string[];
}

const gz = (data: string | Buffer) => gzipSync(data).length;

/**
 * gzip bytes of every script the audited page loaded (first-party files read from the build) plus its
 * inline scripts; `lazy`: the part of it that the page's own modules do not import up front (the game
 * a house frame loads once its session has started).
 */
function javascriptOf(lhr: LighthouseResult, siteDir: string, origin: string, html: string, lang: Lang): { bytes: number; external: number; lazy: number } {
  const upFront = pageModules(siteDir, html, lang);
  const items = (lhr.audits['network-requests'].details as { items: Array<{ url: string; resourceType?: string; experimentalFromMainFrame?: boolean }> }).items;
  let external = 0;
  let bytes = 0;
  let lazy = 0;
  for (const item of items) {
    // The page's own document only: a game launch page's iframe (the house frame) has a row of its own.
    if (item.resourceType !== 'Script' || item.experimentalFromMainFrame !== true) continue;
    const url = new URL(item.url);
    if (url.origin !== origin) throw new Error(`${lhr.finalDisplayedUrl} loaded a script from elsewhere: ${item.url}`);
    const size = gz(readFileSync(path.join(siteDir, url.pathname)));
    bytes += size;
    if (!upFront.has(url.pathname)) lazy += size;
    external++;
  }
  const inline = inlineScripts(html);
  return { bytes: bytes + (inline.length ? gz(inline.join('\n')) : 0), external, lazy };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Lighthouse's simulated throttling scales the main-thread time it observes: on a machine busy with
 * other work every task looks longer. Before each run, wait (up to QUIET_WAIT_MS) for the load
 * average to drop below the number of cores; the table shows the load each run had.
 */
async function quietMachine(): Promise<number> {
  const cores = availableParallelism();
  const deadline = Date.now() + QUIET_WAIT_MS;
  while (loadavg()[0] >= cores && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2000));
  return loadavg()[0];
}

/**
 * One Lighthouse run; a run that fails to record (a trace error, not a score) is tried again, twice at
 * most, each time on a new address: the house frame's launch token opens one play session only, and
 * the failed attempt may have used it.
 */
async function audit(port: number, address: () => Promise<string>, categories: string[], attempt = 1): Promise<{ url: string; lhr: LighthouseResult }> {
  const url = await address();
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
  if (!error) return { url, lhr: result!.lhr };
  if (attempt < 3) {
    console.log(`     Lighthouse could not record ${url} (${error.code}); again`);
    return audit(port, address, categories, attempt + 1);
  }
  throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
}

async function newPlayerCookies(baseUrl: string) {
  // The e2e helpers read BASE_URL for the site's Origin header.
  process.env.BASE_URL = baseUrl;
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  try {
    const player = await signUpViaApi(api, { language: 'ja' });
    await verifyPhoneViaApi(api, player);
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

function failedAudits(lhr: LighthouseResult, category: string): string[] {
  return lhr.categories[category].auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1).map((ref) => ref.id);
}

function check(row: Omit<Row, 'breaches'>, lhr: LighthouseResult, external: number, exempt?: Target['exempt']): string[] {
  // A category the run did not score measured nothing: that is a breach, never a pass.
  const breaches: string[] = row.missing.map((what) => `no ${what} score in Lighthouse's result`);
  for (const [category, min] of Object.entries(BUDGET)) {
    if (category === 'cls' || category === exempt?.category || row.scores[category] === undefined) continue;
    if (row.scores[category] < min) {
      const failing = category === 'performance' ? '' : ` (${failedAudits(lhr, category).join(', ')})`;
      breaches.push(`${category} ${row.scores[category]} < ${min}${failing}`);
    }
  }
  if (row.cls >= BUDGET.cls) breaches.push(`CLS ${row.cls.toFixed(3)} >= ${BUDGET.cls}`);
  if (row.jsBudget === 0) {
    if (external > 0) breaches.push(`a static page loaded ${external} script file(s)`);
    if (row.jsBytes > INLINE_SCRIPT_BUDGET_GZ) breaches.push(`inline script ${row.jsBytes} B > ${INLINE_SCRIPT_BUDGET_GZ} B`);
  } else if (row.jsBudgetBytes > row.jsBudget) {
    breaches.push(`JavaScript ${(row.jsBudgetBytes / KIB).toFixed(1)} KiB > ${row.jsBudget / KIB} KiB`);
  }
  return breaches;
}

function printTable(rows: Row[]) {
  const head = ['page', 'lang', 'who', 'perf', 'runs', 'a11y', 'bp', 'seo', 'CLS', 'LCP ms', 'TBT ms', 'JS KiB', 'budget', 'later', 'load', ''];
  const widths = [12, 4, 7, 4, 4 * RUNS - 1, 4, 4, 4, 6, 6, 6, 6, 7, 6, 4 * RUNS - 1, 0];
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nperf: median of ${RUNS} run(s), each shown under "runs" with the load it started at under "load"; CLS: the worst run; LCP, TBT: medians`);
  console.log(line(head));
  for (const r of rows) {
    console.log(
      line([
        r.label,
        r.lang,
        r.who,
        String(r.scores.performance ?? '-'),
        r.runs.map((run) => String(run.performance ?? '-').padStart(3)).join(' '),
        String(r.scores.accessibility ?? '-'),
        String(r.scores['best-practices'] ?? '-'),
        String(r.scores.seo ?? '-'),
        r.cls.toFixed(3),
        String(Math.round(r.lcpMs)),
        String(Math.round(r.tbtMs)),
        (r.jsBudgetBytes / KIB).toFixed(1),
        r.jsBudget === 0 ? 'inline' : String(r.jsBudget / KIB),
        r.jsBudgetBytes === r.jsBytes ? '' : `+${((r.jsBytes - r.jsBudgetBytes) / KIB).toFixed(1)}`,
        r.runs.map((run) => run.load.toFixed(1).padStart(3)).join(' '),
        r.breaches.length ? 'OVER' : 'ok',
      ]),
    );
  }
}

async function main() {
  const external = process.env.BASE_URL;
  let site: BuiltSite | null = null;
  const baseUrl =
    external ?? (site = await startBuiltSite({ DEV_TOOLS: 'true', SIGNUP_RATE_LIMIT: '1000', SIGNIN_RATE_LIMIT: '1000', CAPTCHA_RATE_LIMIT: '1000' })).baseUrl;
  const siteDir = site?.siteDir ?? path.resolve(process.env.SITE_DIR ?? 'dist');
  const origin = new URL(baseUrl).origin;
  const port = 9300 + Math.floor(Math.random() * 600);
  const profile = mkdtempSync(path.join(tmpdir(), 'cc-perf-chromium-'));
  // One Chromium for every run, its default context shared with Lighthouse (which opens its own tab
  // through the debugging port): the player's cookies are set here, Lighthouse clears the cache.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows: Row[] = [];
  try {
    const playerCookies = await newPlayerCookies(baseUrl);
    // Warm the host, not the page: the first Japanese layout on this machine loads the CJK system
    // fonts from disk (seconds of "style and layout" a phone never spends). Lighthouse clears the
    // browser cache before each run anyway.
    const warm = await context.newPage();
    for (const home of LANGUAGES.map((code) => localizePath('/', code))) await warm.goto(`${baseUrl}${home}`, { waitUntil: 'networkidle' });
    await warm.close();
    const started = Date.now();
    const pages = (['visitor', 'player'] as const).flatMap((who) =>
      SELECTED.filter((t) => t.who.includes(who)).flatMap((target) => LANGUAGES.map((lang) => ({ who, target, lang }))),
    );
    /** Per page: the first run's full result (categories, JavaScript) and every run's numbers. */
    const measured = new Map<
      (typeof pages)[number],
      {
        first: Omit<Row, 'scores' | 'runs' | 'cls' | 'lcpMs' | 'tbtMs' | 'breaches' | 'missing'> & {
          scores: Record<string, number>;
          lhr: LighthouseResult;
          external: number;
        };
        runs: Run[];
        missing: string[];
      }
    >();
    for (let round = 1; round <= RUNS; round++) {
      for (const page of pages) {
        const { who, target, lang } = page;
        await context.clearCookies();
        if (who === 'player') await context.addCookies(playerCookies);
        const api: Api = async (url) => {
          const res = await context.request.get(`${baseUrl}/api${url}`, { headers: { channel: 'WEB', origin } });
          if (!res.ok()) throw new Error(`GET /api${url}: ${res.status()} ${await res.text()}`);
          return (await res.json()) as { url: string };
        };
        const pagePath = async () => (typeof target.path === 'string' ? localizePath(target.path, lang) : await target.path(api, lang));
        const load = await quietMachine();
        const categories = round === 1 ? ALL_CATEGORIES : ['performance'];
        const { url, lhr } = await audit(port, async () => `${baseUrl}${await pagePath()}`, categories);
        const { scores, missing } = categoryScores(lhr.categories, categories);
        if (process.env.PERF_REPORTS) {
          mkdirSync(process.env.PERF_REPORTS, { recursive: true });
          writeFileSync(path.join(process.env.PERF_REPORTS, `${target.label.replace(/ /g, '-')}-${lang}-${who}-${round}.json`), JSON.stringify(lhr));
        }
        const run: Run = {
          // A run without a performance score counts as 0 (and is named a breach below).
          performance: scores.performance ?? 0,
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
          tbtMs: lhr.audits['total-blocking-time'].numericValue ?? 0,
          load,
        };
        if (round === 1) {
          const html = await (await context.request.get(url)).text();
          const js = javascriptOf(lhr, siteDir, origin, html, lang);
          measured.set(page, {
            first: {
              label: target.label,
              lang,
              who,
              scores,
              lhr,
              external: js.external,
              jsBytes: js.bytes,
              jsLazy: js.lazy,
              jsBudgetBytes: target.budgetWithoutLazy ? js.bytes - js.lazy : js.bytes,
              jsBudget: who === 'player' ? (target.playerJsBudget ?? target.jsBudget) : target.jsBudget,
            },
            runs: [],
            missing: [],
          });
        }
        measured.get(page)!.runs.push(run);
        measured.get(page)!.missing.push(...missing.map((id) => (round === 1 ? id : `${id} (run ${round})`)));
        console.log(
          `run ${round}/${RUNS} ${target.label} ${lang} ${who}: performance ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, load ${load.toFixed(1)}`,
        );
      }
    }
    for (const page of pages) {
      const { first, runs, missing } = measured.get(page)!;
      const { lhr, external, ...rest } = first;
      const row: Omit<Row, 'breaches'> = {
        ...rest,
        scores: { ...first.scores, performance: median(runs.map((r) => r.performance)) },
        runs,
        missing,
        cls: Math.max(...runs.map((r) => r.cls)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
      };
      rows.push({ ...row, breaches: check(row, lhr, external, page.target.exempt) });
    }
    printTable(rows);
    console.log(`\n${rows.length * RUNS} Lighthouse runs (${rows.length} pages, ${RUNS} each) in ${Math.round((Date.now() - started) / 1000)} s.`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await site?.stop();
  }
  const over = rows.filter((r) => r.breaches.length);
  if (over.length) {
    console.error(`\nOver budget:\n${over.map((r) => `  ${r.label} ${r.lang} ${r.who}: ${r.breaches.join('; ')}`).join('\n')}`);
    process.exit(1);
  }
  console.log('OK: every page within the performance budget.');
}

await main();
