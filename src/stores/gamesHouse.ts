import { atom, map } from 'nanostores';
import type {
  FairnessState,
  HouseSessionResponse,
  HouseSessionResponseSchema,
  PlayInput,
  PlayResponse,
  PlayResponseSchema,
  SeedResponse,
  SeedResponseSchema,
} from '../../contracts/games';
import { ApiError, apiCall } from '../lib/api';

/**
 * The house game client's state (the /house/play page inside the game-launch iframe): the play
 * session opened from the one-time launch token, the balance, the provably fair seed state and the
 * rounds played here. Game views only call `playHouseRound` and read these stores.
 */
export interface HouseRoundSummary {
  roundId: string;
  nonce: number;
  stake: number;
  win: number;
}

export interface HouseState {
  status: 'idle' | 'starting' | 'ready' | 'failed';
  /** The catalogue code of the failure while starting (expired or used token...). */
  errorCode?: string;
  info?: HouseSessionResponse;
  balance: number;
  fairness?: FairnessState;
  /** The last retired seed pair, so the player can check it against the hash shown before. */
  revealed?: SeedResponse['revealed'];
}

export const $house = map<HouseState>({ status: 'idle', balance: 0 });
/** Rounds played in this visit, newest first (each links to its verification). */
export const $houseRounds = atom<HouseRoundSummary[]>([]);
export const $houseBusy = atom(false);

/** The launch token is single-use: the opened session is kept for this tab so a reload resumes it. */
const storageKey = (token: string) => `house:${token.slice(0, 24)}`;

function remember(token: string, info: HouseSessionResponse) {
  try {
    sessionStorage.setItem(storageKey(token), JSON.stringify(info));
  } catch {
    // storage disabled: a reload then asks for a new launch
  }
}

function recalled(token: string): HouseSessionResponse | null {
  try {
    const raw = sessionStorage.getItem(storageKey(token));
    if (!raw) return null;
    // Written by this code from the server's answer; a page of another release may find an older
    // shape, so what the game reads first must be there (else the tab asks for a new launch).
    const info = JSON.parse(raw) as Partial<HouseSessionResponse> | null;
    const usable =
      typeof info?.session === 'string' &&
      typeof info.balance === 'number' &&
      typeof info.game?.definition?.kind === 'string' &&
      typeof info.fairness?.serverSeedHash === 'string';
    return usable ? (info as HouseSessionResponse) : null;
  } catch {
    return null;
  }
}

let currentToken = '';

/** Opens the play session for the launch token (or resumes the one this tab opened with it). */
export async function startHouseSession(token: string): Promise<void> {
  currentToken = token;
  const known = recalled(token);
  if (known) {
    $house.set({ status: 'ready', info: known, balance: known.balance, fairness: known.fairness });
    return;
  }
  $house.set({ status: 'starting', balance: 0 });
  try {
    const info = await apiCall<typeof HouseSessionResponseSchema>('/house/session', { method: 'POST', body: { token } });
    remember(token, info);
    $house.set({ status: 'ready', info, balance: info.balance, fairness: info.fairness });
  } catch (error) {
    $house.set({ status: 'failed', balance: 0, errorCode: error instanceof ApiError ? error.code : 'TECHNICAL_ERROR' });
  }
}

function sessionToken(): string {
  const info = $house.get().info;
  if (!info) throw new ApiError('UNAUTHORIZED', 401);
  return info.session;
}

/** Tells the launch page around us the balance this frame now shows, so the header shows the same. */
function notifyLaunchPage(balance: number) {
  if (window.parent !== window) window.parent.postMessage({ type: 'balance', balance }, location.origin);
}

function keep(patch: Partial<HouseState>, openRound?: HouseSessionResponse['openRound']) {
  const current = $house.get();
  const info = current.info && openRound !== undefined ? { ...current.info, openRound } : current.info;
  const next = { ...current, ...patch, info };
  $house.set(next);
  if (next.info && currentToken) {
    remember(currentToken, { ...next.info, balance: next.balance, fairness: next.fairness ?? next.info.fairness });
  }
}

/** Applies a played round here: balance, seed state, the rounds list, and the header around us. */
function commitRound(result: PlayResponse) {
  // An open blackjack hand is remembered so a reload of the frame resumes it.
  const openRound = result.status === 'open' ? { roundId: result.roundId, stake: result.stake, outcome: result.outcome } : null;
  keep({ balance: result.balance, fairness: result.fairness }, openRound);
  const rounds = $houseRounds.get().filter((r) => r.roundId !== result.roundId);
  $houseRounds.set([{ roundId: result.roundId, nonce: result.nonce, stake: result.stake, win: result.win }, ...rounds].slice(0, 20));
  notifyLaunchPage(result.balance);
}

/** A v4 UUID (crypto.randomUUID exists only on https and localhost pages). */
export function newRequestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Waits before each retry of a round whose answer was lost (ms). */
export const ROUND_RETRY_DELAYS = [250, 1000, 2500, 5000];

/** A failure after which the round may or may not have been played: the network, or a server that was unreachable or busy. */
const mayRetry = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

/**
 * Sends one action with a request id of its own. When the answer is lost (the connection dropped,
 * the server restarted) the same request goes again with the same id: the server answers the first
 * result and moves nothing twice, so the player sees the one round that was played.
 */
async function requestRound(input: PlayInput): Promise<PlayResponse> {
  $houseBusy.set(true);
  const body = { session: sessionToken(), input, requestId: newRequestId() };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await apiCall<typeof PlayResponseSchema>('/house/play', { method: 'POST', body });
      } catch (error) {
        if (!mayRetry(error) || attempt >= ROUND_RETRY_DELAYS.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, ROUND_RETRY_DELAYS[attempt]));
      }
    }
  } finally {
    $houseBusy.set(false);
  }
}

/** Plays (or continues) a round; the balance and seed state follow the answer at once. Failures throw ApiError. */
export async function playHouseRound(input: PlayInput): Promise<PlayResponse> {
  const result = await requestRound(input);
  commitRound(result);
  return result;
}

/**
 * Plays a round whose result is animated (reels, wheel): the balance shown here and in the header
 * only moves when the game calls `reveal()`, so it never gives the outcome away before the reels stop.
 */
export async function playHouseRoundHeld(input: PlayInput): Promise<{ result: PlayResponse; reveal: () => void }> {
  const result = await requestRound(input);
  let revealed = false;
  return {
    result,
    reveal: () => {
      if (revealed) return;
      revealed = true;
      commitRound(result);
    },
  };
}

/** Rotates the server seed (revealing the old one) and optionally sets the player's client seed. */
export async function rotateHouseSeed(clientSeed?: string): Promise<SeedResponse> {
  const result = await apiCall<typeof SeedResponseSchema>('/house/seed', {
    method: 'POST',
    body: clientSeed ? { session: sessionToken(), clientSeed } : { session: sessionToken() },
  });
  keep({ fairness: result.fairness, revealed: result.revealed });
  return result;
}
