import { useStore } from '@nanostores/react';
import type { Language } from '../../contracts/constants';
import { useT } from '../lib/useT';
import { $maintenance } from '../stores/maintenance';
import './layoutStrings';

/** A banner under the header while the site's channel is in maintenance, so players know before an action fails. */
export default function MaintenanceBanner({ lang }: { lang: Language }) {
  const t = useT(lang);
  const maintenance = useStore($maintenance);
  if (!maintenance) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="border-b border-gold-600 bg-gold-500 px-3 py-2 text-center text-sm font-semibold text-brown-950"
    >
      {t('maintenance.banner')}
    </div>
  );
}
