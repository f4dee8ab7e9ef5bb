import { readFileSync } from 'node:fs';
import { contentFor, contentLanguage, perLanguage, type Language } from '../../contracts/languages';

/**
 * One namespace of locales/<code>/<ns>.json for every language of the registry (contracts/languages.ts),
 * read once at start-up: a new language's templates come with its folder, no import to add.
 * Typed by the source language's file (the en and ja files keep the same keys: tests/unit/locales.test.ts).
 */
export function localeFiles<T>(ns: string): Record<Language, T> {
  // A pseudo-locale's strings are made from its language's files (contracts/pseudo-locale.ts).
  const read = (code: Language) => JSON.parse(readFileSync(new URL(`../../locales/${contentLanguage(code)}/${ns}.json`, import.meta.url), 'utf8')) as T;
  return perLanguage((code) => contentFor({ [contentLanguage(code)]: read(code) } as Record<ReturnType<typeof contentLanguage>, T>, code));
}
