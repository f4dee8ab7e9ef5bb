import { readFileSync } from 'node:fs';
import { perLanguage, type Language } from '../../contracts/languages';

/**
 * One namespace of locales/<code>/<ns>.json for every language of the registry (contracts/languages.ts),
 * read once at start-up: a new language's templates come with its folder, no import to add.
 * Typed by the source language's file (the en and ja files keep the same keys: tests/unit/locales.test.ts).
 */
export function localeFiles<T>(ns: string): Record<Language, T> {
  return perLanguage((code) => JSON.parse(readFileSync(new URL(`../../locales/${code}/${ns}.json`, import.meta.url), 'utf8')) as T);
}
