import { useEffect, useState } from 'react';
import type { Language } from '../../contracts/constants';
import type { ChannelFlagsSchema } from '../../contracts/system';
import { apiCall } from '../lib/api';
import { siteConfig } from '../lib/config';
import { useT } from '../lib/useT';
import './layoutStrings';

/** How often an open page asks again, so the banner comes and goes with the channel's flag. */
const RECHECK_MS = 60_000;

/**
 * A banner under the header while the site's channel is in maintenance (GET /channel), so players
 * know before an action fails. A failed check shows nothing: only the channel's own answer counts.
 */
export default function MaintenanceBanner({ lang }: { lang: Language }) {
  const t = useT(lang);
  const [maintenance, setMaintenance] = useState(false);

  useEffect(() => {
    let stopped = false;
    const check = () =>
      apiCall<typeof ChannelFlagsSchema>('/channel', { query: { channelCode: siteConfig.channel } })
        .then((flags) => !stopped && setMaintenance(flags.maintenence))
        .catch(() => {});
    void check();
    const timer = setInterval(() => void check(), RECHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  if (!maintenance) return null;
  return (
    <div role="status" data-testid="maintenance-banner" className="border-b border-gold-600 bg-gold-500 px-3 py-2 text-center text-sm font-semibold text-brown-950">
      {t('maintenance.banner')}
    </div>
  );
}
