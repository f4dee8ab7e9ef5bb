import { useStore } from '@nanostores/react';
import type { Language } from '../../contracts/constants';
import { $session } from '../stores/session';
import { openPopup } from '../stores/popup';
import { useT } from '../lib/useT';

/** The header's right side: Sign in and Register when signed out; the account area when signed in. */
export default function HeaderAccount({ lang }: { lang: Language }) {
  const t = useT(lang);
  const session = useStore($session);
  if (!session) {
    return (
      <div className="flex gap-2">
        <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => openPopup('login')}>
          {t('header.signIn')}
        </button>
        <button type="button" className="btn-gold px-3 py-1.5 text-sm" onClick={() => openPopup('signup')}>
          {t('header.register')}
        </button>
      </div>
    );
  }
  return <span className="text-sm font-semibold" data-testid="display-name">{session.displayName}</span>;
}
