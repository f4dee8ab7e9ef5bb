import { formatNumber, type Language } from '../../contracts/languages';

/**
 * A coin amount as `new Intl.NumberFormat(lang).format(amount)` writes it, without Intl for whole
 * numbers: both site languages group thousands with a comma. The first Intl.NumberFormat a page
 * makes loads its locale's number data, 10-20 ms of main thread on a desktop and several times that
 * on a phone, and the header's balance shows on every page right after it hydrates. Anything but a
 * safe integer is left to Intl. tests/unit/format-coins.test.ts checks both write the same.
 */
export function formatCoins(amount: number, lang: Language): string {
  if (!Number.isSafeInteger(amount)) return formatNumber(amount, lang);
  const grouped = String(Math.abs(amount)).replace(/\B(?=(\d{3})+$)/g, ',');
  return amount < 0 || Object.is(amount, -0) ? `-${grouped}` : grouped;
}

/** A total in a small spot: 950, 1.5K, 12K, 1.2M (the full amount is in the spot's accessible name). */
export function compactCoins(amount: number): string {
  if (amount < 1000) return String(amount);
  const [value, unit] = amount < 1_000_000 ? [amount / 1000, 'K'] : [amount / 1_000_000, 'M'];
  return `${value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value)}${unit}`;
}
