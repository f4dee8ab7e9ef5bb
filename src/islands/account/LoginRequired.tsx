import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { openPopup } from '../../stores/popup';
import { $session } from '../../stores/session';
import { useSession } from '../../stores/useSession';
import Spinner from '../Spinner';
import { currentPathForRedirect } from './navigation';
import 'virtual:strings?auth.settings';

/**
 * Wraps a login-required page (spec section 6: "the settings page says login is required"). Signed
 * out, it says so and opens the login popup with a return to this page. The session lives in a
 * cookie only the browser reads, so the prerendered HTML shows a spinner until the island mounts.
 */
export default function LoginRequired({ lang, children }: { lang: Language; children: ReactNode }) {
  const t = useT(lang, 'auth');
  const session = useSession();
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    if (!$session.get()) openPopup('login', { redirect: currentPathForRedirect() });
  }, []);

  if (!mounted) return <Spinner lang={lang} />;
  if (!session) {
    return (
      <div className="rounded-lg border border-brown-600 bg-brown-800 p-5" data-testid="login-required">
        <p className="mb-4">{t('auth:settings.loginRequired')}</p>
        <button type="button" className="btn-gold" onClick={() => openPopup('login', { redirect: currentPathForRedirect() })}>
          {t('auth:settings.signIn')}
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
