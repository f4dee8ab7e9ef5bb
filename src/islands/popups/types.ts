import type { Language } from '../../../contracts/constants';

/** What every popup component receives (its own file: popups never import the registry that lists them). */
export interface PopupProps {
  lang: Language;
}
