import { useStore } from '@nanostores/react';
import type { Language } from '../../contracts/constants';
import { $toasts, dismissToast } from '../stores/toasts';
import { useT } from '../lib/useT';
import './layoutStrings';

const tone = { success: 'border-green-500', error: 'border-red-500', info: 'border-gold-500' } as const;

/**
 * Toasts: top-right on desktop, top-centre on small screens (decisions.md). It hydrates when the page
 * is idle (MainLayout): toasts shown before (one flashed by the previous page) come right after it
 * hydrates with none, as the build rendered it.
 */
export default function Toaster({ lang }: { lang: Language }) {
  const t = useT(lang);
  const toasts = useStore($toasts, { ssr: 'initial' });
  return (
    <section
      aria-label={t('toast.region')}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex flex-col items-center gap-2 px-3 md:inset-x-auto md:right-4 md:items-end"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 bg-brown-800 p-3 shadow-lg ${tone[toast.kind]}`}
        >
          <p className="flex-1 text-sm">{toast.message}</p>
          <button type="button" className="text-cream/70 hover:text-cream" aria-label={t('toast.dismiss')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
