import type { Language } from '../../../contracts/constants';
import DeleteAccountForm from './DeleteAccountForm';
import LoginRequired from './LoginRequired';

/** The /delete-account page: the delete form, login required. */
export default function DeleteAccountPage({ lang }: { lang: Language }) {
  return (
    <LoginRequired lang={lang}>
      <div className="max-w-md rounded-lg border border-brown-600 bg-brown-800 p-5">
        <DeleteAccountForm lang={lang} />
      </div>
    </LoginRequired>
  );
}
