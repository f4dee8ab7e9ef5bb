import { describe, expect, it } from 'vitest';
import { refFromPath } from '../../src/islands/raffle/RaffleRecord';
import {
  bannerUrl,
  formatRaffleAmount,
  formatRaffleCountdown,
  historyTitle,
  nextTicketProgress,
  popupTranslation,
  raffleCountdown,
} from '../../src/stores/raffle';

const tr = (languageCode: string, title: string) => ({ languageCode, languageDisplayName: languageCode, title, description: '', termsAndConditions: '' });
const coins = (formatted: string) => `${formatted} Coins`;

describe('raffle helpers of the site (src/stores/raffle.ts)', () => {
  it('popup text: the current language, else the first translation', () => {
    const raffle = { translations: [tr('default', 'Default'), tr('ja', '抽選')] };
    expect(popupTranslation(raffle, 'ja')?.title).toBe('抽選');
    expect(popupTranslation(raffle, 'en')?.title).toBe('Default');
    expect(popupTranslation({ translations: [tr('ja', '抽選'), tr('default', 'Default')] }, 'en')?.title).toBe('抽選');
  });

  it("history name: the current language, else 'default', else null (N/A)", () => {
    expect(
      historyTitle(
        {
          translations: [
            { languageCode: 'ja', title: 'ジャ' },
            { languageCode: 'default', title: 'Def' },
          ],
        },
        'en',
      ),
    ).toBe('Def');
    expect(
      historyTitle(
        {
          translations: [
            { languageCode: 'ja', title: 'ジャ' },
            { languageCode: 'en', title: 'En' },
          ],
        },
        'en',
      ),
    ).toBe('En');
    expect(historyTitle({ translations: [{ languageCode: 'ja', title: 'ジャ' }] }, 'en')).toBeNull();
  });

  it("countdown: 'Starts in' before the start, 'Ends in' after, ended at the end", () => {
    const raffle = { startDateUtc: '2026-01-01T00:00:00.000Z', endDateUtc: '2026-01-08T00:00:00.000Z' };
    const start = Date.parse(raffle.startDateUtc);
    expect(raffleCountdown(raffle, start - 1_000)).toEqual({ kind: 'startsIn', ms: 1_000 });
    expect(raffleCountdown(raffle, start)).toEqual({ kind: 'endsIn', ms: 7 * 86_400_000 });
    expect(raffleCountdown(raffle, Date.parse(raffle.endDateUtc))).toEqual({ kind: 'ended', ms: 0 });
    const days = (n: number) => `${n}d`;
    expect(formatRaffleCountdown(59_999, days)).toBe('00:00:59');
    expect(formatRaffleCountdown(2 * 86_400_000 + 3_661_000, days)).toBe('2d 01:01:01');
  });

  it('progress toward the next ticket, and PTS amounts shown as Coins', () => {
    expect(nextTicketProgress({ wagerPerEntry: 1000, amountLeftForNextEntry: 250 })).toBe(0.75);
    expect(nextTicketProgress({ wagerPerEntry: 1000, amountLeftForNextEntry: 1000 })).toBe(0);
    expect(nextTicketProgress({ wagerPerEntry: 0, amountLeftForNextEntry: 0 })).toBe(0);
    expect(formatRaffleAmount(12345, 'PTS', 'en', coins)).toBe('12,345 Coins');
    // English is en-GB (contracts/languages.ts): a dollar amount says which dollar.
    expect(formatRaffleAmount(12345, 'USD', 'en', coins)).toBe('US$12,345.00');
  });

  it('banner from the CDN (or the site) by account reference and file name; the record page reads its ref from the path', () => {
    const raffle = { account: { accountRef: 'coin-casino' }, bannerFileName: 'weekly.svg' };
    expect(bannerUrl(raffle, '')).toBe('/banners/coin-casino/weekly.svg');
    expect(bannerUrl(raffle, 'https://cdn.example')).toBe('https://cdn.example/banners/coin-casino/weekly.svg');
    expect(bannerUrl({ ...raffle, bannerFileName: null }, '')).toBeNull();
    expect(refFromPath('/raffles/weekly-2026-11-23')).toBe('weekly-2026-11-23');
    expect(refFromPath('/en/raffles/demo-drawn-raffle/')).toBe('demo-drawn-raffle');
    expect(refFromPath('/raffles/')).toBeNull();
    expect(refFromPath('/raffles/Bad%20Ref')).toBeNull();
  });
});
