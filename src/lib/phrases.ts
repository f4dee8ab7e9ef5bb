import { loadDefaultJapaneseParser } from 'budoux';
import { languageInfo, toLanguage } from '../../contracts/languages';

/**
 * Japanese text cut into phrases (BudouX) at build time, for headings rendered by Astro: the page
 * joins them with <wbr> under `word-break: keep-all`, so a line only ever breaks between phrases
 * (never 「ようこ/そ」), in every browser. CSS `word-break: auto-phrase` does this only in browsers
 * built with the phrase data. Used in .astro frontmatter only: BudouX never reaches the browser.
 */
const parser = loadDefaultJapaneseParser();

export function phrases(text: string, lang: string): string[] {
  return languageInfo(toLanguage(lang)).breaksByPhrase ? parser.parse(text) : [text];
}
