import { useEffect } from 'react';
import { useT } from '../../lib/useT';
import { openPopup } from '../../stores/popup';
import { $session } from '../../stores/session';
import DeleteAccountForm from '../account/DeleteAccountForm';
import { PopupTitle } from '../account/forms';
import { currentPathForRedirect } from '../account/navigation';
import type { PopupProps } from './types';
import 'virtual:strings?auth.deleteAccount';

/** The delete-account popup: the same form as the /delete-account page. */
export default function DeleteAccountPopup({ lang }: PopupProps) {
  const t = useT(lang, 'auth');
  useEffect(() => {
    if (!$session.get()) openPopup('login', { redirect: currentPathForRedirect() });
  }, []);
  return (
    <div>
      <PopupTitle>{t('auth:deleteAccount.title')}</PopupTitle>
      <DeleteAccountForm lang={lang} />
    </div>
  );
}
