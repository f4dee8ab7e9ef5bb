import type { TFunction } from '../../lib/i18n';
import { OTP_LENGTH } from '../../../contracts/constants';
import { LANGUAGES, languageInfo, type Language } from '../../../contracts/languages';
import { switchLanguage } from '../../stores/auth';
import { localizePath, splitLocalePath } from '../../lib/routes';
import { TextField } from '../account/forms';
import type { PhoneMessage } from '../../stores/phone';
import 'virtual:strings?auth.validation,common.footer,common.language,errors.REQUEST_VALIDATION_ERROR,phone';

/**
 * Pieces shared by the two phone popups: contract issue messages, the 6-digit code field and the
 * resend link with its 30 second countdown (the flows themselves are stores: src/stores/phone*.ts).
 */

/** A contract issue key: phone and code issues live in `phone`, password issues in `auth`. */
export function phoneIssue(t: TFunction, field: string, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (!key.startsWith('validation.')) return t('errors:REQUEST_VALIDATION_ERROR');
  return field === 'password' ? t(`auth:${key}`) : t(`phone:${key}`);
}

export function CodeField({ t, value, onValueChange, error }: { t: TFunction; value: string; onValueChange: (v: string) => void; error?: string }) {
  return (
    <TextField
      label={t('phone:fields.code')}
      hint={t('phone:fields.codeHint')}
      value={value}
      onValueChange={(v) => onValueChange(v.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      pattern="[0-9]*"
      data-testid="otp-code"
    />
  );
}

/** The resend link: disabled while the countdown runs, its text saying how long is left. */
export function ResendButton({ t, secondsLeft, busy, onResend }: { t: TFunction; secondsLeft: number; busy: boolean; onResend: () => void }) {
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      onClick={onResend}
      disabled={waiting || busy}
      data-testid="resend-code"
      className="text-sm font-semibold text-gold-400 underline hover:text-gold-300 disabled:cursor-not-allowed disabled:text-cream/60 disabled:no-underline"
    >
      {waiting ? t('phone:verify.resendIn', { seconds: secondsLeft }) : t('phone:verify.resend')}
    </button>
  );
}

/** The wait before another code (shown as a refusal) or the "sent again" notice, in words. */
export function phoneMessageText(t: TFunction, message: PhoneMessage | null): { wait: string | null; notice: string | null } {
  if (!message) return { wait: null, notice: null };
  return message.kind === 'wait'
    ? { wait: t('phone:verify.waitToSend', { seconds: message.seconds }), notice: null }
    : { wait: null, notice: t('phone:verify.resent', { phone: message.phone }) };
}

export const linkButton = 'text-sm font-semibold text-gold-400 underline hover:text-gold-300';

/** The same page in the other language, keeping the open popup (spec: the code step has a language switcher). */
export function PopupLanguageSwitcher({ t, lang }: { t: TFunction; lang: Language }) {
  const go = (code: Language) => void switchLanguage(code, localizePath(splitLocalePath(location.pathname).path, code) + location.search + location.hash);
  return (
    <nav aria-label={t('common:footer.language')} className="flex gap-2" data-testid="phone-language-switcher">
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-current={code === lang ? 'true' : undefined}
          disabled={code === lang}
          onClick={() => go(code)}
          className={
            code === lang
              ? 'rounded bg-gold-500 px-2 py-1 text-sm font-semibold text-brown-950'
              : 'rounded border border-brown-600 px-2 py-1 text-sm hover:bg-brown-700'
          }
        >
          {languageInfo(code).name}
        </button>
      ))}
    </nav>
  );
}
