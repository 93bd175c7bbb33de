import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatTime, moneyFormat } from './format.js';

const nbsp = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(nbsp, ' ');

// Issue 31.4: numbers, money and moments as each language writes them, on the Oslo clock.
describe('formats by language', () => {
  const moment = '2026-11-27T13:05:00Z';

  it('writes Norwegian kroner after the amount, other currencies by code', () => {
    expect(plain(moneyFormat('nb', 'NOK', 2).format(1234.5))).toBe('1 234,50 kr');
    expect(plain(moneyFormat('nb', 'EUR', 2).format(1234.5))).toBe('1 234,50 EUR');
    expect(plain(moneyFormat('en', 'NOK', 2).format(1234.5))).toBe('NOK 1,234.50');
  });

  it('groups numbers by the language', () => {
    expect(plain(formatNumber('nb', 12345.5))).toBe('12 345,5');
    expect(formatNumber('en', 12345.5)).toBe('12,345.5');
  });

  it('writes dates and times in Europe/Oslo', () => {
    expect(formatDate('nb', moment)).toBe('27. nov. 2026');
    expect(formatDate('en', moment)).toBe('27 Nov 2026');
    expect(formatTime('nb', moment)).toBe('kl. 14.05');
    expect(formatTime('en', moment)).toBe('14:05');
    expect(formatDateTime('nb', new Date(moment))).toBe('27. nov. 2026 kl. 14.05');
    expect(formatDateTime('en', moment)).toBe('27 Nov 2026, 14:05');
  });

  it('keeps the day of the Oslo clock near midnight UTC', () => {
    expect(formatDate('nb', '2026-11-27T23:30:00Z')).toBe('28. nov. 2026');
    expect(formatTime('nb', '2026-06-30T22:15:00Z')).toBe('kl. 00.15');
  });
});
