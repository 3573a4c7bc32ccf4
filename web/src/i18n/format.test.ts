import i18n from './index';
import {
  formatDate,
  formatMoney,
  formatNumber,
  formatPerCredit,
  formatTime,
  intlLocale,
  languageName,
} from './format';

// a fixed moment: Thursday 26 November 2026, 14:05 in Amsterdam (13:05 UTC)
const moment = '2026-11-26T13:05:00Z';
const amsterdam = { timeZone: 'Europe/Amsterdam' } as const;
// Intl writes some spaces as no-break spaces; compare with plain ones
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting in the page language (i18n/format.ts)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('nl');
  });

  it('writes Dutch numbers, money and dates the Dutch way', () => {
    expect(formatNumber(1234567.5, {}, 'nl')).toBe('1.234.567,5');
    expect(plain(formatMoney(2995, 'EUR', 'nl'))).toBe('€ 29,95');
    expect(plain(formatMoney(123456, 'EUR', 'nl'))).toBe('€ 1.234,56');
    expect(plain(formatPerCredit(6.7, 'EUR', 'nl'))).toBe('€ 0,067');
    expect(formatDate(moment, { dateStyle: 'long', ...amsterdam }, 'nl')).toBe('26 november 2026');
    expect(formatDate(moment, { weekday: 'long', ...amsterdam }, 'nl')).toBe('donderdag');
    expect(formatDate(moment, { hour: '2-digit', minute: '2-digit', ...amsterdam }, 'nl')).toBe(
      '14:05',
    );
  });

  it('writes the same figures the English way in English', () => {
    expect(formatNumber(1234567.5, {}, 'en')).toBe('1,234,567.5');
    expect(formatMoney(2995, 'EUR', 'en')).toBe('€29.95');
    expect(formatMoney(2599, 'GBP', 'en')).toBe('£25.99');
    expect(formatPerCredit(6.7, 'EUR', 'en')).toBe('€0.067');
    expect(formatDate(moment, { dateStyle: 'long', ...amsterdam }, 'en')).toBe('November 26, 2026');
    expect(formatDate(moment, { weekday: 'long', ...amsterdam }, 'en')).toBe('Thursday');
  });

  it('puts the euro sign after the amount in German', () => {
    expect(plain(formatMoney(123456, 'EUR', 'de'))).toBe('1.234,56 €');
  });

  it('follows the language i18next shows when none is given', async () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    await i18n.changeLanguage('en');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatMoney(2995, 'EUR')).toBe('€29.95');
    expect(languageName('de')).toBe('German');
  });

  it('writes clock times in the language given', () => {
    const time = formatTime(new Date(2026, 10, 26, 14, 5), 'nl');
    expect(time).toBe('14:05');
    expect(plain(formatTime(new Date(2026, 10, 26, 14, 5), 'en'))).toBe('02:05 PM');
  });

  it('names languages in the page language', () => {
    expect(languageName('de', 'nl')).toBe('Duits');
    expect(languageName('pl', 'nl')).toBe('Pools');
    expect(intlLocale('nl')).toBe('nl-NL');
  });

  it('formats counts in texts by the page language ({count, number})', async () => {
    i18n.addResource('nl', 'translation', 'test.balance', 'Je hebt {count, number} credits');
    i18n.addResource('en', 'translation', 'test.balance', 'You have {count, number} credits');
    expect(i18n.t('test.balance', { count: 12500 })).toBe('Je hebt 12.500 credits');
    await i18n.changeLanguage('en');
    expect(i18n.t('test.balance', { count: 12500 })).toBe('You have 12,500 credits');
  });
});
