/**
 * The tournaments lobby launcher (docs/decisions/0007-tournaments-lobby.md): a framework-free script that renders the lobby into
 * the host element it is given and keeps the leaderboards live by polling (decision 0007). Its
 * contract, as a third-party provider would publish it, is docs/lobby-launcher.md.
 *
 * Built by esbuild to dist/lobby/launcher.js (+ launcher.css) during `npm run build`; budget 15 KB
 * gzip (tests/unit/lobby-launcher.test.ts). Only types and the language registry (no imports) come from contracts/: importing zod would
 * blow the budget, and the server already validates what it sends.
 * No eval, no inline handlers, no inline styles: it runs under the site's Content-Security-Policy.
 */
import type { Leaderboard, LobbyResponse, LobbyTournament } from '../../contracts/lobby';
import type source from '../../locales/ja/tournaments.json';
import { contentFor, dateFormat, numberFormat, toLanguage, type Language, type LanguageTexts } from '../../contracts/languages';

type Lang = Language;

export interface MountOptions {
  /** The signed-in player's account reference, or null/undefined for a visitor. */
  accountRef?: string | null;
  /** The brand the lobby is shown for. */
  brandRef: string;
  /** A site language code (contracts/languages.ts; anything else shows the default language, Japanese). */
  languageCode: string;
  /** Base of the API (default: /api on the script's own origin). */
  apiUrl?: string;
  /** The CHANNEL header value (default WEB). */
  channel?: string;
  /** Origin the game-launch message is posted to (default: the page's own origin). */
  targetOrigin?: string;
}

export interface LobbyHandle {
  /** Fetches the tournaments now (the lobby also does it every `pollMs`). */
  refresh(): Promise<void>;
  /** Stops polling and the countdowns and empties the host element. */
  unmount(): void;
}

export interface GameLaunchMessage {
  type: 'game-launch';
  gameCode: string;
}

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src || location.href;
/** The lobby strings of every language of the registry, handed in by the build (src/lobby/build.ts), typed by the source language's file. */
declare const LOBBY_STRINGS: LanguageTexts<(typeof source)['lobby']>;
const dictionaries = LOBBY_STRINGS;

function translator(lang: Lang) {
  const strings = contentFor(dictionaries, lang);
  return (key: string, vars: Record<string, string | number> = {}): string => {
    let value: unknown = strings;
    for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    return String(value ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

/** A DOM element with text and attributes: never innerHTML, so names from the API stay text. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string | null>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null) el.append(c);
  return el;
}

function loadStyles() {
  const href = new URL('launcher.css', scriptUrl).href;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h('link', { rel: 'stylesheet', href }));
}

interface Section {
  root: HTMLElement;
  badge: HTMLElement;
  timeLabel: HTMLElement;
  time: HTMLTimeElement;
  prizes: HTMLElement;
  board: HTMLElement;
  gamesKey: string;
  games: HTMLElement;
  data: LobbyTournament;
}

function mount(host: HTMLElement, options: MountOptions): LobbyHandle {
  if (!(host instanceof HTMLElement)) throw new TypeError('CoinCasinoLobby.mount: host must be an element');
  const lang: Lang = toLanguage(options.languageCode);
  const t = translator(lang);
  const number = numberFormat(lang);
  const dateTime = dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  // Absolute, so game icons resolve against it: a relative apiUrl is read against the page, the default against the script.
  const apiUrl = new URL(options.apiUrl ?? '/api', options.apiUrl ? location.href : scriptUrl).href.replace(/\/$/, '');
  const signedIn = Boolean(options.accountRef);
  const targetOrigin = options.targetOrigin ?? location.origin;
  loadStyles();

  const status = h('p', { class: 'ccl-status', role: 'status', 'aria-live': 'polite' }, t('loading'));
  const list = h('div', { class: 'ccl-list' });
  const root = h('div', { class: 'ccl', lang, 'data-brand': options.brandRef, 'aria-label': t('label'), role: 'region' }, status, list);
  host.replaceChildren(root);

  const sections = new Map<string, Section>();
  let offset = 0;
  let pollMs = 5000;
  let timer: number | undefined;
  let ticker: number | undefined;
  let stopped = false;
  let loaded = false;

  const points = (metric: LobbyTournament['metric'], value: number) =>
    metric === 'BEST_MULTIPLIER' ? `×${value.toFixed(2)}` : t('coins', { amount: number.format(value) });

  const countdown = (ms: number) => {
    const s = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(s / 86400);
    const pad = (n: number) => String(n).padStart(2, '0');
    const clock = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
    return days ? `${t('days', { n: days })} ${clock}` : clock;
  };

  function tick() {
    const now = Date.now() + offset;
    for (const s of sections.values()) {
      const start = Date.parse(s.data.startDateUtc);
      const end = Date.parse(s.data.endDateUtc);
      const st = s.data.tournamentStatus;
      if (st === 'SCHEDULED' && now < start) {
        s.timeLabel.textContent = t('startsIn');
        s.time.dateTime = s.data.startDateUtc;
        s.time.textContent = countdown(start - now);
      } else if ((st === 'ACTIVE' || st === 'SCHEDULED') && now < end) {
        s.timeLabel.textContent = t('endsIn');
        s.time.dateTime = s.data.endDateUtc;
        s.time.textContent = countdown(end - now);
      } else {
        s.timeLabel.textContent = t('endedAt');
        s.time.dateTime = s.data.endDateUtc;
        s.time.textContent = dateTime.format(end);
      }
    }
  }

  const launch = (gameCode: string) => {
    const message: GameLaunchMessage = { type: 'game-launch', gameCode };
    window.postMessage(message, targetOrigin);
  };

  function renderGames(x: LobbyTournament): HTMLElement {
    return h(
      'ul',
      { class: 'ccl-games' },
      ...x.lobbyGames.map((g) => {
        const button = h('button', { type: 'button', class: 'ccl-game', 'data-game-code': g.gameCode, 'aria-label': t('play', { title: g.title }) });
        if (g.iconUrl) button.append(h('img', { src: new URL(g.iconUrl, apiUrl).href, alt: '', width: '64', height: '64', loading: 'lazy' }));
        button.append(h('span', {}, g.title));
        button.addEventListener('click', () => launch(g.gameCode));
        return h('li', {}, button);
      }),
    );
  }

  function renderPrizes(x: LobbyTournament): HTMLElement {
    const rows = x.prizes.map((p) =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, p.rank ? t('rankLabel', { rank: p.rank }) : t('winners', { count: p.count ?? 1 })),
        h('td', {}, t('coins', { amount: number.format(p.amount) })),
      ),
    );
    return h('table', { class: 'ccl-prizes' }, h('caption', { class: 'ccl-sr' }, t('prizes')), h('tbody', {}, ...rows));
  }

  function renderBoard(x: LobbyTournament): HTMLElement {
    const lb: Leaderboard | null = x.leaderboard;
    const box = h('div', { class: 'ccl-board' });
    if (x.kind === 'RAFFLE') return box;
    const final = lb?.state === 'FINAL';
    box.append(h('h3', {}, t(final ? 'finalLeaderboard' : 'leaderboard')));
    if (!lb) {
      box.append(h('p', { class: 'ccl-note' }, t('startsLater')));
      return box;
    }
    if (lb.entries.length === 0) box.append(h('p', { class: 'ccl-note' }, t('noPlayers')));
    else {
      const head = h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('rank')),
        h('th', { scope: 'col' }, t('player')),
        h('th', { scope: 'col' }, t(`points.${x.metric}`)),
      );
      if (final) head.append(h('th', { scope: 'col' }, t('prize')));
      const rows = lb.entries.map((e) => {
        const tr = h(
          'tr',
          e.isYou ? { class: 'ccl-you', 'aria-current': 'true' } : {},
          h('td', {}, String(e.rank)),
          h('td', {}, e.name, e.isYou ? ` ${t('you')}` : ''),
          h('td', {}, points(x.metric, e.points)),
        );
        if (final) tr.append(h('td', {}, e.prize ? t('coins', { amount: number.format(e.prize) }) : '—'));
        return tr;
      });
      box.append(
        h(
          'table',
          { class: 'ccl-table' },
          h('caption', { class: 'ccl-sr' }, `${x.title}: ${t(final ? 'finalLeaderboard' : 'leaderboard')}`),
          h('thead', {}, head),
          h('tbody', {}, ...rows),
        ),
      );
    }
    const mine = lb.you
      ? t('yourRank', { rank: lb.you.rank, players: lb.players, points: points(x.metric, lb.you.points) })
      : signedIn
        ? final
          ? ''
          : t('notRanked')
        : t('signInToRank');
    if (mine) box.append(h('p', { class: 'ccl-mine', 'data-testid': 'lobby-your-rank' }, mine));
    return box;
  }

  function createSection(x: LobbyTournament): Section {
    const id = `ccl-${x.tournamentRef}`;
    const badge = h('span', { class: 'ccl-badge' });
    const timeLabel = h('span', {});
    const time = h('time', {});
    const games = renderGames(x);
    const prizes = renderPrizes(x);
    const board = renderBoard(x);
    const root = h(
      'section',
      { class: 'ccl-t', 'aria-labelledby': id, 'data-ref': x.tournamentRef, 'data-kind': x.kind },
      h('header', { class: 'ccl-head' }, h('h2', { id }, x.title), badge, h('p', { class: 'ccl-time' }, timeLabel, ' ', time)),
      x.description ? h('p', { class: 'ccl-desc' }, x.description) : null,
      h('p', { class: 'ccl-kind' }, t(`kind.${x.kind === 'RACE' ? x.metric : x.lobbyGames.length ? 'RAFFLE' : 'RAFFLE_ALL_GAMES'}`)),
      x.raffleDrawDate ? h('p', { class: 'ccl-kind' }, t('drawAt', { date: dateTime.format(Date.parse(x.raffleDrawDate)) })) : null,
      // A raffle without games counts every game: no games heading then.
      h('div', { class: 'ccl-cols' }, h('div', {}, x.lobbyGames.length ? h('h3', {}, t('games')) : null, games, h('h3', {}, t('prizes')), prizes), board),
    );
    return { root, badge, timeLabel, time, prizes, board, games, gamesKey: '', data: x };
  }

  /** Updates a section in place: the game buttons are kept unless the games changed, so keyboard focus survives a refresh. */
  function update(s: Section, x: LobbyTournament) {
    // A race that starts or ends while the lobby is open is announced (polite live region).
    if (loaded && s.data.tournamentStatus !== x.tournamentStatus) announce(t('statusChanged', { title: x.title, status: t(`status.${x.tournamentStatus}`) }));
    s.data = x;
    s.root.dataset.status = x.tournamentStatus;
    s.badge.className = `ccl-badge ccl-badge-${x.tournamentStatus}`;
    s.badge.textContent = t(`status.${x.tournamentStatus}`);
    const gamesKey = x.lobbyGames.map((g) => g.gameCode + g.title).join();
    if (gamesKey !== s.gamesKey) {
      const games = renderGames(x);
      s.games.replaceWith(games);
      s.games = games;
      s.gamesKey = gamesKey;
    }
    const prizes = renderPrizes(x);
    s.prizes.replaceWith(prizes);
    s.prizes = prizes;
    const board = renderBoard(x);
    s.board.replaceWith(board);
    s.board = board;
  }

  const announcer = h('p', { class: 'ccl-sr', 'aria-live': 'polite' });
  root.append(announcer);
  const announce = (text: string) => {
    announcer.textContent = text;
  };

  function render(data: LobbyResponse) {
    offset = Date.parse(data.serverTime) - Date.now();
    pollMs = Math.max(1000, data.pollMs);
    const seen = new Set<string>();
    data.tournaments.forEach((x, i) => {
      seen.add(x.tournamentRef);
      let s = sections.get(x.tournamentRef);
      if (!s) sections.set(x.tournamentRef, (s = createSection(x)));
      update(s, x);
      if (list.children[i] !== s.root) list.insertBefore(s.root, list.children[i] ?? null);
    });
    for (const [ref, s] of sections) {
      if (seen.has(ref)) continue;
      s.root.remove();
      sections.delete(ref);
    }
    status.textContent = data.tournaments.length ? '' : t('empty');
    status.classList.toggle('ccl-sr', data.tournaments.length > 0);
    tick();
  }

  async function refresh() {
    try {
      const res = await fetch(`${apiUrl}/tournaments?languageCode=${lang}`, {
        credentials: 'include',
        headers: { channel: options.channel ?? 'WEB', accept: 'application/json' },
      });
      if (!res.ok) throw new Error(String(res.status));
      const data = (await res.json()) as LobbyResponse;
      if (stopped) return;
      render(data);
      if (loaded) root.dispatchEvent(new CustomEvent('lobby-updated', { bubbles: true }));
      loaded = true;
    } catch {
      if (stopped || loaded) return; // a failed poll keeps the last leaderboards; the next one retries
      const retry = h('button', { type: 'button', class: 'ccl-retry' }, t('retry'));
      retry.addEventListener('click', () => {
        status.textContent = t('loading');
        void refresh();
      });
      status.replaceChildren(t('failed'), ' ', retry);
    }
  }

  const schedule = () => {
    timer = window.setTimeout(async () => {
      // A hidden tab does not poll; it catches up when shown again.
      if (!document.hidden) await refresh();
      if (!stopped) schedule();
    }, pollMs);
  };
  const onVisible = () => {
    if (!document.hidden && loaded) void refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  void refresh().then(() => !stopped && schedule());
  ticker = window.setInterval(tick, 1000);

  return {
    refresh,
    unmount() {
      stopped = true;
      window.clearTimeout(timer);
      window.clearInterval(ticker);
      document.removeEventListener('visibilitychange', onVisible);
      host.replaceChildren();
    },
  };
}

(window as unknown as { CoinCasinoLobby: { version: string; mount: typeof mount } }).CoinCasinoLobby = { version: '1', mount };
document.dispatchEvent(new CustomEvent('coincasino-lobby:ready'));
