import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CAPTCHA_POPUP, type PopupName } from '../../../contracts/constants';
import type { PopupProps } from './types';

export type { PopupProps } from './types';
export interface PopupView {
  /** Translation key of the dialog's accessible name. */
  titleKey: string;
  component: LazyExoticComponent<ComponentType<PopupProps>>;
  /** Fixed size in px (the captcha popup is 300x450). */
  size?: { width: number; height: number };
}

/** Each popup registers here under its spec name; PopupHost opens it when `?popup=<name>` is present. */
export const popupViews: Partial<Record<PopupName, PopupView>> = {};

export const lazyPopup = (load: () => Promise<{ default: ComponentType<PopupProps> }>) => lazy(load);

// Accounts.
popupViews.login = { titleKey: 'auth:login.title', component: lazyPopup(() => import('./LoginPopup')) };
popupViews.signup = { titleKey: 'auth:signup.title', component: lazyPopup(() => import('./SignupPopup')) };
popupViews['reset-password'] = { titleKey: 'auth:forgot.title', component: lazyPopup(() => import('./ForgotPasswordPopup')) };
popupViews.captcha = { titleKey: 'auth:captcha.title', component: lazyPopup(() => import('./CaptchaPopup')), size: CAPTCHA_POPUP };
popupViews['change-password'] = { titleKey: 'auth:changePassword.title', component: lazyPopup(() => import('./ChangePasswordPopup')) };
popupViews['delete-account'] = { titleKey: 'auth:deleteAccount.title', component: lazyPopup(() => import('./DeleteAccountPopup')) };

// Phone verification.
popupViews['phone-number'] = { titleKey: 'phone:verify.title', component: lazyPopup(() => import('../phone/PhoneNumberPopup')) };
popupViews['set-phone-number'] = { titleKey: 'phone:change.title', component: lazyPopup(() => import('../phone/SetPhoneNumberPopup')) };

// Raffle (docs/decisions/0006-raffle-draws.md).
popupViews.raffle = { titleKey: 'raffle:popup.title', component: lazyPopup(() => import('../raffle/RafflePopup')) };
