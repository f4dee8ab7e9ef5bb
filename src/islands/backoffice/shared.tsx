import { formatDate, formatNumber } from '../../../contracts/languages';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Language } from '../../../contracts/constants';
import { ApiError, apiCall, type CallOptions } from '../../lib/api';
import { useT } from '../../lib/useT';
import 'virtual:strings?backoffice,errors';

/** Shared pieces of the back-office islands (docs/decisions/0019): strings, API calls, small widgets. */
export const useBo = (lang: Language) => useT(lang, ['backoffice', 'errors']);

/** The message to show for a failed call, in the staff member's language. */
export function errorText(t: ReturnType<typeof useBo>, error: unknown): string {
  const code = error instanceof ApiError ? error.displayCode : 'TECHNICAL_ERROR';
  return t(`errors:${code}`);
}

export const bo = <T,>(path: string, options: CallOptions = {}) => apiCall(`/backoffice${path}`, options) as Promise<T>;

/** Loads data for a view; `reload` fetches it again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    setError(null);
    load().then(setData, setError);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(reload, [reload]);
  return { data, error, reload };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-6 rounded-lg border border-brown-700 bg-brown-900/60 p-4">
      <h2 className="mb-3 text-lg font-bold text-gold-400">{title}</h2>
      {children}
    </section>
  );
}

/** A polite live region: the result of the last action (success or refusal). */
export function Notice({ message }: { message: { text: string; kind: 'ok' | 'error' } | null }) {
  return (
    <p role="status" aria-live="polite" className={`min-h-6 text-sm ${message?.kind === 'error' ? 'text-red-300' : 'text-green-300'}`} data-testid="bo-notice">
      {message?.text ?? ''}
    </p>
  );
}

export function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

export const fmtDate = (lang: Language, iso: string) => `${formatDate(iso, lang, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
export const fmtNum = (lang: Language, n: number) => formatNumber(n, lang);
