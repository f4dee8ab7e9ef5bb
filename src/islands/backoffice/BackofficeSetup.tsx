import { localizePath } from '../../../contracts/languages';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import { STAFF_PASSWORD_MIN } from '../../../contracts/backoffice-constants';
import type { RecoveryCodesSchema, StaffSetupResultSchema } from '../../../contracts/backoffice';
import { bo, errorText, Field, Notice, useBo } from './shared';

type Msg = { text: string; kind: 'ok' | 'error' } | null;

/**
 * Staff set-up from the one-time link: the password, then TOTP enrolment (the otpauth link as a QR
 * code, drawn in the browser by the `qrcode` library as SVG: the secret never leaves for another
 * service), then the ten recovery codes, shown once.
 */
export default function BackofficeSetup({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [enrol, setEnrol] = useState<z.output<typeof StaffSetupResultSchema> | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<Msg>(null);

  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get('token'));
  }, []);
  useEffect(() => {
    if (!enrol) return;
    import('qrcode')
      .then((QR) => QR.toString(enrol.otpauthUrl, { type: 'svg', margin: 2, color: { dark: '#000000', light: '#ffffff' } }))
      .then((svg) => setQr(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`))
      .catch(() => setQr(null));
  }, [enrol]);

  const signInHref = localizePath('/backoffice/', lang);
  if (token === null) return <p>{t('setup.noToken')}</p>;

  const submitPassword = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      setEnrol(await bo('/setup', { method: 'POST', body: { token, password } }));
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const submitCode = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      const r = await bo<z.output<typeof RecoveryCodesSchema>>('/setup/confirm', { method: 'POST', body: { token, code: code.trim() } });
      setCodes(r.recoveryCodes);
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };

  return (
    <div className="mx-auto max-w-md rounded-lg border border-brown-700 bg-brown-900/60 p-5">
      <h1 className="mb-3 text-2xl font-bold text-gold-400">{codes ? t('setup.recoveryHeading') : t('setup.heading')}</h1>
      {!enrol && (
        <form onSubmit={submitPassword}>
          <p className="mb-3 text-sm">{t('setup.intro')}</p>
          <Field label={t('setup.password')} id="bo-setup-password">
            <input
              id="bo-setup-password"
              type="password"
              autoComplete="new-password"
              minLength={STAFF_PASSWORD_MIN}
              required
              className="field"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Notice message={message} />
          <button type="submit" className="btn-gold w-full">
            {t('setup.next')}
          </button>
        </form>
      )}
      {enrol && !codes && (
        <form onSubmit={submitCode}>
          <p className="mb-3 text-sm">{t('setup.scan')}</p>
          {qr && <img src={qr} alt={t('setup.qrAlt')} width={200} height={200} className="mx-auto mb-3 rounded bg-white" data-testid="bo-setup-qr" />}
          <p className="mb-3 break-all text-sm">
            {t('setup.key')}{' '}
            <code className="font-mono" data-testid="bo-setup-secret">
              {enrol.totpSecret}
            </code>
          </p>
          <Field label={t('setup.code')} id="bo-setup-code">
            <input
              id="bo-setup-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
              className="field"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <Notice message={message} />
          <button type="submit" className="btn-gold w-full">
            {t('setup.confirm')}
          </button>
        </form>
      )}
      {codes && (
        <div>
          <p className="mb-3 text-sm">{t('setup.recoveryIntro')}</p>
          <ol className="mb-4 grid grid-cols-2 gap-1 font-mono text-sm" data-testid="bo-recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <a href={signInHref} className="btn-gold w-full">
            {t('setup.done')}
          </a>
        </div>
      )}
    </div>
  );
}
