import { LANGUAGES, languageInfo, localizePath } from '../../../contracts/languages';
import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { roleHas, type StaffRight, type StaffRole } from '../../../contracts/backoffice-constants';
import type { StaffMeSchema } from '../../../contracts/backoffice';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { bo, errorText, Field, Notice, useBo } from './shared';
import { PlayerSearch, Player360View } from './Players';
import { ApprovalQueue } from './Queue';
import { ContentView } from './Content';
import { DashboardView } from './Dashboard';
import { AuditView } from './Audit';
import { StaffView } from './Staff';

type Me = z.output<typeof StaffMeSchema>;

const VIEWS: Array<{ id: string; right: StaffRight }> = [
  { id: 'players', right: 'players.view' },
  { id: 'queue', right: 'adjustments' },
  { id: 'content', right: 'content' },
  { id: 'dashboard', right: 'dashboard' },
  { id: 'audit', right: 'audit' },
  { id: 'staff', right: 'staff' },
];

const pagePath = (lang: Language) => localizePath('/backoffice/', lang);
/** The language the switch button offers: the next one in the registry. */
const nextLanguage = (lang: Language): Language => LANGUAGES[(LANGUAGES.indexOf(lang) + 1) % LANGUAGES.length];

/** The hash route: `#players`, `#players/acc_...`, `#queue`... */
function useRoute(): [string, string | undefined] {
  const read = () => window.location.hash.replace(/^#\/?/, '');
  const [route, setRoute] = useState(() => (typeof window === 'undefined' ? '' : read()));
  useEffect(() => {
    const on = () => setRoute(read());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const [view, arg] = route.split('/');
  return [view, arg];
}

function SignIn({ lang, onSignedIn }: { lang: Language; onSignedIn: (me: Me) => void }) {
  const t = useBo(lang);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'ok' | 'error' } | null>(null);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setMessage(null);
    try {
      const me = await bo<Me>('/signin', {
        method: 'POST',
        body: { email: String(f.get('email')), password: String(f.get('password')), code: String(f.get('code')).trim() },
      });
      onSignedIn(me);
    } catch (error) {
      setMessage({ text: errorText(t, error), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="mx-auto max-w-sm rounded-lg border border-brown-700 bg-brown-900/60 p-5" aria-labelledby="bo-signin-heading">
      <h1 id="bo-signin-heading" className="mb-4 text-2xl font-bold text-gold-400">
        {t('signIn.heading')}
      </h1>
      <Field label={t('signIn.email')} id="bo-email">
        <input id="bo-email" name="email" type="email" autoComplete="username" required className="field" />
      </Field>
      <Field label={t('signIn.password')} id="bo-password">
        <input id="bo-password" name="password" type="password" autoComplete="current-password" required className="field" />
      </Field>
      <Field label={t('signIn.code')} id="bo-code">
        <input id="bo-code" name="code" inputMode="numeric" autoComplete="one-time-code" required className="field" />
      </Field>
      <Notice message={message} />
      <button type="submit" className="btn-gold mt-2 w-full" disabled={busy}>
        {t('signIn.submit')}
      </button>
    </form>
  );
}

/** The back-office: staff sign-in, then the views the staff member's role allows. */
export default function BackofficeApp({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [view, arg] = useRoute();

  useEffect(() => {
    bo<Me>('/me').then(
      (m) => {
        // The staff member's language is their choice: a signed-in visit opens the back-office in it.
        if (m.language !== lang) window.location.replace(pagePath(m.language) + window.location.hash);
        else setMe(m);
      },
      (error) => {
        setMe(null);
        if (!(error instanceof ApiError) || error.status !== 401) console.error(error);
      },
    );
  }, [lang]);

  const signedIn = async (m: Me) => {
    // Signing in on a page in one language chooses it.
    if (m.language !== lang) await bo('/me/language', { method: 'POST', body: { language: lang } }).catch(() => {});
    setMe({ ...m, language: lang });
  };
  const switchLanguage = async () => {
    const other: Language = nextLanguage(lang);
    if (me) await bo('/me/language', { method: 'POST', body: { language: other } }).catch(() => {});
    window.location.assign(pagePath(other) + window.location.hash);
  };
  const signOut = async () => {
    await bo('/signout', { method: 'POST' }).catch(() => {});
    setMe(null);
    window.location.hash = '';
  };

  const languageButton = (
    <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={switchLanguage} lang={nextLanguage(lang)}>
      {languageInfo(nextLanguage(lang)).name}
    </button>
  );

  if (me === undefined) return <p>{t('loading')}</p>;
  if (me === null)
    return (
      <div>
        <div className="mb-4 flex justify-end">{languageButton}</div>
        <SignIn lang={lang} onSignedIn={signedIn} />
      </div>
    );

  const allowed = VIEWS.filter((v) => roleHas(me.role as StaffRole, v.right));
  const current = allowed.find((v) => v.id === view) ?? allowed[0];
  return (
    <div>
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2 border-b border-brown-700 pb-3">
        <p className="text-sm" data-testid="bo-signed-in">
          {t('signIn.signedInAs', { email: me.email, role: t(`roles.${me.role}`) })}
        </p>
        <div className="flex gap-2">
          {languageButton}
          <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={signOut}>
            {t('signIn.signOut')}
          </button>
        </div>
      </header>
      <nav aria-label={t('title')} className="mb-5">
        <ul className="flex flex-wrap gap-2">
          {allowed.map((v) => (
            <li key={v.id}>
              <a
                href={`#${v.id}`}
                className={`inline-block rounded-md px-3 py-2 text-sm font-semibold ${v.id === current?.id ? 'bg-gold-500 text-brown-950' : 'bg-brown-800 text-cream hover:bg-brown-700'}`}
                aria-current={v.id === current?.id ? 'page' : undefined}
              >
                {t(`nav.${v.id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="bo-main">
        {current?.id === 'players' && (arg ? <Player360View lang={lang} accountRef={arg} role={me.role as StaffRole} /> : <PlayerSearch lang={lang} />)}
        {current?.id === 'queue' && <ApprovalQueue lang={lang} />}
        {current?.id === 'content' && <ContentView lang={lang} />}
        {current?.id === 'dashboard' && <DashboardView lang={lang} />}
        {current?.id === 'audit' && <AuditView lang={lang} />}
        {current?.id === 'staff' && <StaffView lang={lang} />}
      </main>
    </div>
  );
}
