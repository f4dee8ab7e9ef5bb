import type { Language } from '../../../contracts/constants';
import type ja from '../../../locales/ja/mail.json';
import { localeFiles } from '../../lib/locale-files';

const templates = localeFiles<typeof ja>('mail');
type TemplateName = keyof typeof ja;

/** A localised mail (locales/<lang>/mail.json), with `{{name}}` placeholders filled in. */
export function renderMail(language: Language, name: TemplateName, values: Record<string, string | number>): { subject: string; text: string } {
  const template = templates[language][name];
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));
  return { subject: fill(template.subject), text: fill(template.body) };
}
