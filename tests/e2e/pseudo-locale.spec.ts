import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { LANGUAGE_LIST, LANGUAGES, localizePath, type Language } from '../../contracts/languages';
import { newSignedInPlayer, type E2EPlayer } from './support/players';

/**
 * The pseudo-locale crawl (docs/decisions/0016): every page of the site map in `en-xa`
 * (English accented, ~35 % longer and bracketed: contracts/pseudo-locale.ts), signed out and signed
 * in, at 375 and 1280 px. Text that is not pseudo-localised was not read from the locale files (a
 * hard-coded string, or a fallback to another language); a page wider than the window broke with
 * longer text. `npm run test:pseudo` builds the site with PSEUDO_LOCALE=1 and runs this file; in a
 * normal run only the last test runs: the pseudo-locale is not shipped.
 */
const PSEUDO = process.env.PSEUDO_LOCALE === '1';
const LANG = 'en-xa' as Language;
const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];
/** A game the launch page opens (a house slot, playable signed in). */
const GAME = 'slot-sakura-fortune';
/** The built site (scripts/pseudo.ts): a dynamic route's first built page stands for it. */
const SITE_DIR = process.env.PSEUDO_SITE_DIR;
const SHOTS = process.env.PSEUDO_SCREENSHOTS ? path.resolve(process.env.PSEUDO_SCREENSHOTS) : undefined;

/**
 * What may stay as written (the explicit allow-list): the player's own data, and names that are the
 * same in every language. Each is removed from a text before it is checked for plain letters.
 */
const ALLOWED: RegExp[] = [
  /\bPTS\b/, // the play-money currency code
  /[\w.+-]+@[\w-]+\.[\w.]+/, // e-mail addresses (the support address, the player's)
  // Dates and times as Intl writes them in the language's tag (the month names are the locale data's).
  /\b(Jan(uary)?|Feb(ruary)?|Mar(ch)?|Apr(il)?|May|June?|July?|Aug(ust)?|Sep(tember)?|Oct(ober)?|Nov(ember)?|Dec(ember)?|AM|PM)\b/,
  /\S*\*{3}[0-9A-F]{4}\b/, // leaderboards' masked player names (the name's first letter, then the account's)
  /\b[0-9a-f]{8,}\b/, // hashes and seeds (provable fairness)
];
/** Languages are named in themselves in the switchers (contracts/languages.ts). */
const LANGUAGE_NAMES = LANGUAGE_LIST.map((l) => l.name);

/** The site map: one URL for every page under src/pages/[...lang]/ (a dynamic route: its first built page). */
function siteMap(): string[] {
  const pagesDir = path.resolve('src/pages/[...lang]');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : name.endsWith('.astro') ? [path.relative(pagesDir, full)] : [];
    });
  const built = (dir: string) => {
    const full = SITE_DIR ? path.join(SITE_DIR, localizePath(dir, LANG)) : '';
    const first =
      full && existsSync(full)
        ? readdirSync(full)
            .filter((n) => statSync(path.join(full, n)).isDirectory())
            .sort()[0]
        : undefined;
    if (!first) throw new Error(`no built page under ${full || dir} (PSEUDO_SITE_DIR: the site scripts/pseudo.ts built)`);
    return first;
  };
  return walk(pagesDir)
    .sort()
    .map((file) => {
      const route = `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
      if (route === '/404') return '/no-such-page';
      if (route === '/game-launch') return `/game-launch/${GAME}`;
      return route
        .split('/')
        .map((part, i, parts) => (/^\[.+\]$/.test(part) ? built(parts.slice(0, i).join('/') || '/') : part))
        .join('/');
    });
}

interface Finding {
  text: string;
  where: string;
}

/** Visible text of a frame (and the placeholders of its fields) that is not pseudo-localised. */
async function plainText(frame: Frame, allowed: string[]): Promise<Finding[]> {
  return frame.evaluate(
    ({ allowed, patterns }) => {
      const res = patterns.map((p) => new RegExp(p, 'g'));
      const plain = (text: string) => {
        // Patterns first (a whole e-mail address), then the words, the longest first.
        let rest = text;
        for (const re of res) rest = rest.replace(re, ' ');
        for (const word of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
        // Plain (unaccented) Latin letters, or Japanese: not from the pseudo-locale's strings.
        return /[A-Za-z]{2,}|[\u3040-\u30ff\u4e00-\u9fff]/.test(rest);
      };
      const nameOf = (el: Element) => {
        const id = el.closest('[id]')?.id;
        const test = el.closest('[data-testid]')?.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}${id ? ` in #${id}` : ''}${test ? ` in [data-testid=${test}]` : ''}`;
      };
      const found: Array<{ text: string; where: string }> = [];
      if (plain(document.title)) found.push({ text: document.title, where: 'title' });
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        // Code (a formula, an identifier) is the same in every language.
        if (!el || !text || el.closest('script, style, noscript, template, svg, code')) continue;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (plain(text)) found.push({ text, where: nameOf(el) });
      }
      for (const field of document.querySelectorAll<HTMLInputElement>('[placeholder]')) {
        if (field.checkVisibility() && plain(field.placeholder)) found.push({ text: field.placeholder, where: `placeholder of ${nameOf(field)}` });
      }
      return found;
    },
    { allowed, patterns: ALLOWED.map((re) => re.source) },
  );
}

/** Elements that reach past the right edge of the window (the widest first), when the page scrolls sideways. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const culprits: Array<[number, string]> = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > root.clientWidth + 1 && el.checkVisibility()) {
        const cls = typeof el.className === 'string' ? el.className.slice(0, 60) : '';
        culprits.push([r.right, `${el.tagName.toLowerCase()}.${cls} right=${Math.round(r.right)} text="${(el.textContent ?? '').trim().slice(0, 40)}"`]);
      }
    }
    return [
      `page ${root.scrollWidth} px wide in ${root.clientWidth} px`,
      ...culprits
        .sort((a, b) => b[0] - a[0])
        .slice(0, 5)
        .map(([, d]) => d),
    ];
  });
}

/** Lets the page settle: hydrated islands, their first answers, the ones that wait to be scrolled to. */
async function settle(page: Page, first: boolean) {
  if (first) await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page
    .evaluate(async () => {
      window.scrollTo(0, document.body.scrollHeight);
      await new Promise((r) => setTimeout(r, 300));
      window.scrollTo(0, 0);
    })
    // A page that sends a signed-out visitor away (to sign in) navigates meanwhile: the new page is checked.
    .catch(() => page.waitForLoadState('load'));
  await page
    .waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="idle"])'), undefined, { timeout: 5_000 })
    .catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: first ? 5_000 : 1_000 }).catch(() => {});
}

async function crawl(page: Page, url: string, state: string, allowed: string[]) {
  const target = localizePath(url, LANG);
  const response = await page.goto(target);
  expect(response?.status(), `${target}: served`).toBeLessThan(url === '/no-such-page' ? 500 : 400);
  expect(new URL(page.url()).pathname.startsWith(`/${LANG}`), `${target} stays in the pseudo-locale (now ${page.url()})`).toBe(true);
  const problems: string[] = [];
  for (const [i, size] of WIDTHS.entries()) {
    await page.setViewportSize(size);
    await settle(page, i === 0);
    for (const frame of page.frames()) {
      if (!frame.url().startsWith(new URL(page.url()).origin)) continue;
      const found = await plainText(frame, allowed).catch(() => []);
      for (const f of found)
        problems.push(
          `${size.width} px${frame === page.mainFrame() ? '' : ` (frame ${new URL(frame.url()).pathname})`}: not pseudo-localised: "${f.text.slice(0, 80)}" (${f.where})`,
        );
    }
    const wide = await overflow(page);
    if (wide.length) problems.push(`${size.width} px: scrolls sideways: ${wide.join(' | ')}`);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${state}${url.replace(/\W+/g, '-')}-${size.width}.png`) });
    }
  }
  expect([...new Set(problems)], `${target} (${state})`).toEqual([]);
}

test.describe('the pseudo-locale site', () => {
  test.skip(!PSEUDO, 'the site under test was not built with PSEUDO_LOCALE=1: `npm run test:pseudo` builds one and runs this crawl');
  test.describe.configure({ mode: 'parallel' });
  const pages = PSEUDO ? siteMap() : [];

  test.describe('signed out', () => {
    for (const url of pages) {
      test(`${url}: all text pseudo-localised, no sideways scroll`, async ({ page }) => {
        await crawl(page, url, 'signed-out', LANGUAGE_NAMES);
      });
    }
  });

  test.describe('signed in', () => {
    for (const url of pages) {
      test(`${url}: all text pseudo-localised, no sideways scroll`, async ({ page }) => {
        const player: E2EPlayer = await newSignedInPlayer(page, { language: LANG });
        await crawl(page, url, 'signed-in', [...LANGUAGE_NAMES, player.displayName, player.email]);
      });
    }
  });
});

test.describe('a normal build', () => {
  test.skip(PSEUDO, 'this run serves the pseudo-locale on purpose');

  test('has no pseudo-locale: no /en-xa/ pages, no link or alternate to it', async ({ page, request }) => {
    expect(LANGUAGES).not.toContain('en-xa');
    for (const url of ['/en-xa/', '/en-xa/about', '/en-xa/category/slot', `/en-xa/game-launch/${GAME}`]) {
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(404);
    }
    await page.goto('/en/');
    expect(await page.locator('a[href^="/en-xa"], link[hreflang="en-xa"]').count()).toBe(0);
    expect(await page.content()).not.toContain('en-xa');
  });
});
