import type { Language } from '../../contracts/constants';
import { useT } from '../lib/useT';
import 'virtual:strings?common.loading';

export default function Spinner({ lang }: { lang: Language }) {
  const t = useT(lang);
  return (
    <div role="status" className="flex justify-center p-6" data-testid="spinner">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-gold-500 border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
