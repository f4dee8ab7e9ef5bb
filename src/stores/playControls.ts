import { map } from 'nanostores';
import type { ExclusionPeriod } from '../../contracts/constants';
import type { PlayControls, PlayControlsSchema } from '../../contracts/protection';
import { ApiError, apiCall } from '../lib/api';
import { createForm } from './formSubmit';

/**
 * Settings, "Play safely" (docs/decisions/0008-player-protection.md) without its section: the reality check, daily limits (a raise
 * shows as pending for 24 hours), a break and self-exclusion, each a call to /play-controls whose
 * answer replaces what is shown. Every change goes through one form of the shared submit helper.
 */

export interface PlayControlsView {
  controls: PlayControls | null;
  /** The first load failed (the section says so instead of a spinner). */
  loadFailure: unknown;
  /** A change that waits for the player's confirmation. */
  confirming: 'break' | 'exclusion' | null;
}

export type PlayControlsCall = (path: string, body?: unknown) => Promise<PlayControls>;

const call: PlayControlsCall = (path, body) =>
  body === undefined ? apiCall<typeof PlayControlsSchema>(path, { isQuery: true }) : apiCall<typeof PlayControlsSchema>(path, { method: 'POST', body });

/** A limit field's text for the API: '' = no limit, digits a number (the contract checks the range), else undefined. */
export function limitValue(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

export function createPlayControls(send: PlayControlsCall = call) {
  const form = createForm();
  const $view = map<PlayControlsView>({ controls: null, loadFailure: null, confirming: null });

  /** true when the server took the change (the section then says "saved"). */
  const change = async (path: string, body: unknown): Promise<boolean> => {
    const result = await form.submit(() => send(path, body));
    if (result.status !== 'done') return false;
    $view.set({ ...$view.get(), controls: result.value, confirming: null });
    return true;
  };

  return {
    form,
    $view,
    async load() {
      $view.set({ controls: null, loadFailure: null, confirming: null });
      form.reset();
      try {
        $view.setKey('controls', await send('/play-controls'));
      } catch (error) {
        $view.setKey('loadFailure', error);
      }
    },
    setRealityCheck: (minutes: number | null) => change('/play-controls', { realityCheckMinutes: minutes }),
    /** The two daily limits from their fields' text; a field that is not a whole number is refused here. */
    async saveLimits(timeText: string, wagerText: string): Promise<boolean> {
      const dailyTimeLimitMinutes = limitValue(timeText);
      const dailyWagerLimit = limitValue(wagerText);
      if (dailyTimeLimitMinutes === undefined || dailyWagerLimit === undefined) {
        form.fail(new ApiError('REQUEST_VALIDATION_ERROR', 400));
        return false;
      }
      return change('/play-controls', { dailyTimeLimitMinutes, dailyWagerLimit });
    },
    confirm: (what: 'break' | 'exclusion' | null) => $view.setKey('confirming', what),
    takeBreak: (days: number) => change('/play-controls/break', { days }),
    selfExclude: (period: ExclusionPeriod) => change('/play-controls/self-exclusion', { period }),
    liftExclusion: () => change('/play-controls/self-exclusion/lift', {}),
  };
}
