import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Language, PopupName } from '../../../contracts/constants';

export interface PopupProps {
  lang: Language;
}
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
