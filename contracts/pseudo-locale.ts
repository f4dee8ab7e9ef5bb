/**
 * The pseudo-locale's strings (docs/decisions/0016): a language's strings, accented, about 35 %
 * longer and bracketed, so a page shows at a glance which text did not come from the locale files
 * (it stays plain) and which layouts break with longer text. `{{placeholders}}`, `$t(nesting)`,
 * HTML tags, entities and URLs are kept as they are, so the strings still work.
 *
 * No imports: the registry (contracts/languages.ts) and the build read it.
 */
// Made on first use: a bundle that never makes a pseudo string (a browser build without the
// pseudo-locale) then has nothing of this module left to run, and leaves it out.
let accented: Record<string, string> | undefined;
const ACCENTED = () =>
  (accented ??= Object.fromEntries(
    [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]]),
  ));

/** What passes through unchanged: placeholders, nesting, tags, entities, URLs and e-mail addresses. */
const KEEP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|&[a-z#0-9]+;|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+)/;

/** One string in the pseudo-locale: `Welcome to Coin Casino` → `[Ŵéļçöɱé ţö Çöîñ Çåšîñö ·····]`. */
export function pseudoString(text: string): string {
  const [, before, inner, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? ['', '', text, ''];
  if (inner === '') return text;
  let length = 0;
  const body = inner
    .split(KEEP)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      length += part.length;
      return part.replace(/[A-Za-z]/g, (c) => ACCENTED()[c] ?? c);
    })
    .join('');
  // About 35 % longer in all (words grow this much in German or Finnish): the brackets and a space,
  // then dots; at least one, so even "OK" grows.
  // The dots come in words of at most 8, so a long text still wraps on a narrow screen.
  const dots = Math.max(1, Math.round(length * 0.35) - 3);
  const padding = Array.from({ length: Math.ceil(dots / 8) }, (_, i) => '·'.repeat(Math.min(8, dots - i * 8))).join(' ');
  return `${before}[${body} ${padding}]${after}`;
}

/** Every string of a tree (a locale namespace, a content record) in the pseudo-locale; other values unchanged. */
export function pseudoTree<T>(value: T): T {
  if (typeof value === 'string') return pseudoString(value) as T;
  if (Array.isArray(value)) return value.map((v) => pseudoTree(v)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudoTree(v)])) as T;
  return value;
}

/** HTML (a rendered content page) in the pseudo-locale: the text between tags, tags and entities kept. */
export function pseudoHtml(html: string): string {
  return html.replace(/>([^<]+)</g, (whole, text: string) => (text.trim() && /[A-Za-z]/.test(text) ? `>${pseudoString(text)}<` : whole));
}
