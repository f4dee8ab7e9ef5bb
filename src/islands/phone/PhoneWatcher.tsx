import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { PopupName } from '../../../contracts/constants';
import { $popup, closePopup, openPopup } from '../../stores/popup';
import { useSession } from '../../stores/useSession';
import { $phoneStatus } from '../../stores/phoneStatus';

/** Popups the verification popup lets go first: delete account is reachable from its own menu. */
const MAY_COVER: readonly PopupName[] = ['phone-number', 'delete-account'];

/**
 * Holds a signed-in player whose phone is not verified in the verification popup (spec section 2),
 * when the deployment requires it (PHONE_VERIFICATION_REQUIRED). Renders nothing; mounted in the header.
 * It also closes a stale `?popup=phone-number` (signed out, or already verified).
 */
export default function PhoneWatcher() {
  const session = useSession();
  const status = useStore($phoneStatus);
  const popup = useStore($popup);

  useEffect(() => {
    if (!session) {
      if (popup === 'phone-number') closePopup({ force: true });
      return;
    }
    const data = status.data;
    if (!data) return;
    const mustVerify = data.isRequired && !data.isVerified;
    if (mustVerify && !MAY_COVER.includes(popup as PopupName)) openPopup('phone-number');
    if (!mustVerify && popup === 'phone-number' && data.isVerified) closePopup({ force: true });
  }, [session, status.data, popup]);

  return null;
}
