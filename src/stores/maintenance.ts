import { atom, onMount } from 'nanostores';
import type { ChannelFlagsSchema } from '../../contracts/system';
import { apiCall } from '../lib/api';
import { siteConfig } from '../lib/config';

/** How often an open page asks again, so the banner comes and goes with the channel's flag. */
export const MAINTENANCE_RECHECK_MS = 60_000;

const channelFlags = () => apiCall<typeof ChannelFlagsSchema>('/channel', { query: { channelCode: siteConfig.channel } });

/**
 * Whether the site's channel is in maintenance (GET /channel), asked while something listens and again
 * every MAINTENANCE_RECHECK_MS. A failed check changes nothing: only the channel's own answer counts.
 */
export function createMaintenance(check: () => Promise<{ maintenence: boolean }> = channelFlags) {
  const $maintenance = atom(false);
  onMount($maintenance, () => {
    let stopped = false;
    const ask = () =>
      check()
        .then((flags) => {
          if (!stopped) $maintenance.set(flags.maintenence);
        })
        .catch(() => {});
    void ask();
    const timer = setInterval(() => void ask(), MAINTENANCE_RECHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  });
  return $maintenance;
}

export const $maintenance = createMaintenance();
