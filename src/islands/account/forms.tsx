import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Form, FormFailure, FormState } from '../../stores/formSubmit';
import type { TFunction } from '../../lib/i18n';
import { protectionMessage } from './protectionText';
import type { Language } from '../../../contracts/constants';
import { ApiError } from '../../lib/api';
import 'virtual:strings?auth.validation,errors';

/**
 * Form parts shared by the account popups and pages: labelled fields whose error is linked with
 * aria-describedby, the password show/hide toggle, and the red error box at the top of a form.
 */

export type { FieldErrors } from '../../stores/formSubmit';

/**
 * A form of the shared submit helper (src/stores/formSubmit.ts) on screen: its state, and a fresh form
 * again when the island goes (a popup closed while it held on after success).
 */
export function useForm(form: Form): FormState {
  useEffect(() => () => form.reset(), [form]);
  return useStore(form.$state);
}

/** The refusal of a form in words (catalogue message), or null. */
export function failureMessage(t: TFunction, failure: FormFailure | null, lang?: Language): string | null {
  return failure ? apiErrorMessage(t, failure.error, lang) : null;
}

/** The message of a contract issue: `validation.*` keys live in the `auth` namespace. */
export function issueMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return key.startsWith('validation.') ? t(`auth:${key}`) : t('errors:REQUEST_VALIDATION_ERROR');
}

/** The catalogue message for any failure (spec section 8: unknown codes show as a technical error). */
export function apiErrorMessage(t: TFunction, error: unknown, lang?: Language): string {
  // Player-protection refusals say until when (in the page's language).
  const protection = lang ? protectionMessage(t, lang, error) : null;
  if (protection) return protection;
  const code = error instanceof ApiError ? error.displayCode : 'TECHNICAL_ERROR';
  return t(`errors:${code}`);
}

/** A section of the settings page and its heading. */
export const settingsSection = 'mb-4 rounded-lg border border-brown-600 bg-brown-800 p-5';
export const settingsHeading = 'mb-3 text-lg font-bold text-gold-400';

/** The red error box at the top of a popup form (spec section 8). */
export function ErrorBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" data-testid="form-error" className="mb-4 rounded-md border border-red-500 bg-red-900/60 px-3 py-2 text-sm text-red-50">
      {message}
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
}

function describedBy(...ids: Array<string | false | undefined>) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function TextField({ label, value, onValueChange, error, hint, type = 'text', ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        className={`field ${error ? 'border-red-500' : ''}`}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hint and the error under a field, linked to it through aria-describedby by their ids. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-cream/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </>
  );
}

/** A password field with a show/hide toggle (spec section 2) that keeps the field's label. */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  hint,
  showLabel,
  hideLabel,
  ...rest
}: FieldProps & { showLabel: string; hideLabel: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
          className={`field pr-12 ${error ? 'border-red-500' : ''}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={visible ? hideLabel : showLabel}
          title={visible ? hideLabel : showLabel}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-cream/80 hover:text-gold-400"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M3 3l18 18" />}
          </svg>
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel?: string }) {
  return (
    <button type="submit" className="btn-gold mt-2 w-full" disabled={busy} aria-busy={busy || undefined}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

export function PopupTitle({ children }: { children: ReactNode }) {
  return <h2 className="mb-4 pr-8 text-xl font-bold text-gold-400">{children}</h2>;
}
