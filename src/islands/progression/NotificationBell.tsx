import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { $notifications, markNotificationsRead, readToasted, toToast, writeToasted } from '../../stores/progression';
import { showToast } from '../../stores/toasts';
import 'virtual:strings?progress.bell';

// The notifications' sentences (code and strings) load when there is one to show: a toast or the open list.
const NoticeList = lazy(() => import('./NoticeList'));

/**
 * The bell: the unread count, and on a click the newest notifications (opening marks them read).
 * New unread notifications also show as toasts, once per browser (the newest toasted id is kept).
 */
export default function NotificationBell({ lang }: { lang: Language }) {
  const t = useT(lang, 'progress');
  const { data } = useStore($notifications);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!data) return;
    const upTo = readToasted();
    const fresh = toToast(data.notifications, upTo);
    const newest = Math.max(upTo, ...data.notifications.map((n) => n.id));
    if (fresh.length === 0) {
      if (newest > upTo) writeToasted(newest);
      return;
    }
    let current = true;
    import('./noticeText')
      .then(({ noticeText }) => {
        if (!current) return; // newer data came first: its own run toasts what is still fresh
        for (const n of fresh) showToast(noticeText(t, lang, n), n.kind === 'TIER_CHANGED' || n.kind === 'ADJUSTMENT' ? 'info' : 'success');
        writeToasted(newest);
      })
      .catch(() => {}); // not loaded (offline): nothing is marked toasted, so the next data toasts them
    return () => {
      current = false;
    };
  }, [data, t, lang]);

  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocumentClick);
    return () => document.removeEventListener('mousedown', onDocumentClick);
  }, [open]);

  if (!data) return null;
  const unread = data.unread;
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && unread > 0 && data.notifications.length > 0) void markNotificationsRead(Math.max(...data.notifications.map((n) => n.id))).catch(() => {});
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  return (
    // From 360 px (most phones): its list opens under the header, across the screen. At 320 px the
    // header has no room for it; toasts still announce each notification.
    <div ref={rootRef} className="relative hidden min-[360px]:block" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="relative flex h-9 w-8 items-center justify-center rounded-md sm:w-9 hover:bg-brown-700"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        data-testid="notification-bell"
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 text-cream" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15zM10 20a2 2 0 004 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-count"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={listId}
          role="region"
          aria-label={t('bell.title')}
          className="fixed inset-x-2 top-14 z-40 max-h-[70vh] overflow-y-auto rounded-lg border border-brown-600 bg-brown-900 p-2 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-1 sm:w-80"
        >
          <p className="px-2 py-1 text-sm font-bold text-gold-400">{t('bell.title')}</p>
          {data.notifications.length === 0 ? (
            <p className="px-2 py-2 text-sm text-cream/80">{t('bell.empty')}</p>
          ) : (
            <Suspense fallback={null}>
              <NoticeList lang={lang} notifications={data.notifications} />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}
