import { formatDate } from '../../../contracts/languages';
import type { Language } from '../../../contracts/constants';
import type { AppNotification } from '../../../contracts/progression';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { noticeText } from './noticeText';

/** The bell's open list: each notification as a sentence, its time, and a raffle win's record. */
export default function NoticeList({ lang, notifications }: { lang: Language; notifications: AppNotification[] }) {
  const t = useT(lang, 'progress');
  return (
    <ul className="flex flex-col gap-1" data-testid="notification-list">
      {notifications.map((n) => (
        <li key={n.id} className={`rounded px-2 py-2 text-sm ${n.read ? 'text-cream/80' : 'bg-brown-800 text-cream'}`}>
          <p>{noticeText(t, lang, n)}</p>
          <p className="mt-0.5 flex gap-2 text-xs text-cream/60">
            <time dateTime={n.createdAt}>{formatDate(n.createdAt, lang, { dateStyle: 'short', timeStyle: 'short' })}</time>
            {n.kind === 'RAFFLE_WIN' && typeof n.data.ref === 'string' && (
              <a className="text-gold-400 underline" href={localizePath(`/raffles/${encodeURIComponent(n.data.ref)}`, lang)}>
                {t('notice.seeRecord')}
              </a>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
