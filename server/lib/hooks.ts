import type { Language } from '../../contracts/constants';

/**
 * Cross-module hooks (docs/decisions/0026-module-boundaries.md): where module A must react to
 * something in module B, or B needs a service A provides, and A already imports B, the other direction
 * goes through a hook on the app (`app.hooks`, one set per app, made in server/app.ts) instead of an
 * import. The module that reacts or provides registers in its route plugin, as the app is built; the
 * other emits or calls at request time. The list below is every hook: a new one is a line here.
 */

/** A coin round played (a blackjack decision counts too), after it committed. */
export interface RoundPlayed {
  accountId: string;
  gameCode: string;
  /** The game's kind (slot, roulette, blackjack, baccarat). */
  kind: string;
  stake: number;
  win: number;
  /** An open blackjack hand is played but not settled yet. */
  settled: boolean;
}

/** A game launch: the one-time token the game client exchanges for a play session. */
export interface GameLaunch {
  accountId: string | null;
  /** The sign-in session launching a real game: the token and its play session die with it. */
  signInSessionId: number | null;
  gameCode: string;
  mode: 'real' | 'demo';
  lobbyUrl: string | null;
  language: Language;
}

export interface AppHooks {
  /** Emitted by the house after each coin round; progression follows it (levels, missions). */
  roundPlayed: Listeners<RoundPlayed>;
  /** Provided by the house: issues a launch token; the games module's /launchgame and /launch-demo call it. */
  launchToken: Provided<(launch: GameLaunch) => Promise<string>>;
}

/**
 * Listeners of one event, called in the order they registered, each awaited. A listener's failure is
 * handed to `onError` (the app logs it) and never reaches the emitter: the thing that happened stands.
 */
export class Listeners<T> {
  readonly #listeners: Array<(event: T) => Promise<void> | void> = [];
  constructor(readonly onError: (error: unknown) => void) {}

  on(listener: (event: T) => Promise<void> | void): void {
    this.#listeners.push(listener);
  }

  async emit(event: T): Promise<void> {
    for (const listener of this.#listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** A service one module provides to another: set once while the app is built, used after. */
export class Provided<F> {
  #value: F | undefined;
  constructor(readonly name: string) {}

  provide(value: F): void {
    if (this.#value) throw new Error(`${this.name} is already provided`);
    this.#value = value;
  }

  get(): F {
    if (!this.#value) throw new Error(`${this.name} is not provided: its module is not registered`);
    return this.#value;
  }
}

export function createHooks(onError: (error: unknown, hook: string) => void): AppHooks {
  return {
    roundPlayed: new Listeners((error) => onError(error, 'roundPlayed')),
    launchToken: new Provided('launchToken'),
  };
}
