import { describe, expect, it } from 'vitest';
import { nokAmountMessages, parseNokAmount } from './nok-amount.js';

describe('parseNokAmount', () => {
  it('reads whole kroner', () => {
    expect(parseNokAmount('150')).toEqual({ ore: 15_000 });
    expect(parseNokAmount(' 7 ')).toEqual({ ore: 700 });
  });

  it('reads øre after a decimal comma or point', () => {
    expect(parseNokAmount('149,50')).toEqual({ ore: 14_950 });
    expect(parseNokAmount('149.5')).toEqual({ ore: 14_950 });
    expect(parseNokAmount('0,05')).toEqual({ ore: 5 });
  });

  it('is exact where floating point is not', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.15 * 100 is 114.99999999999999.
    expect(parseNokAmount('0,29')).toEqual({ ore: 29 });
    expect(parseNokAmount('1.15')).toEqual({ ore: 115 });
    expect(parseNokAmount('4,35')).toEqual({ ore: 435 });
    expect(parseNokAmount('999999999999,99')).toEqual({ ore: 99_999_999_999_999 });
  });

  it('takes thousands written in groups with spaces', () => {
    expect(parseNokAmount('1 234,50')).toEqual({ ore: 123_450 });
    expect(parseNokAmount('12\u00a0345')).toEqual({ ore: 1_234_500 });
    expect(parseNokAmount('1 000 000')).toEqual({ ore: 100_000_000 });
  });

  it('refuses what is not an amount', () => {
    for (const text of ['abc', '-5', '+5', '1,234', '1.2.3', '12 34', '1,', ',5', '1e3', 'kr 5'])
      expect(parseNokAmount(text), text).toEqual({ error: nokAmountMessages.format });
  });

  it('refuses an empty amount and nothing at all', () => {
    expect(parseNokAmount('  ')).toEqual({ error: nokAmountMessages.empty });
    expect(parseNokAmount('0')).toEqual({ error: nokAmountMessages.zero });
    expect(parseNokAmount('0,00')).toEqual({ error: nokAmountMessages.zero });
  });

  it('refuses more digits than stay exact', () => {
    expect(parseNokAmount('1234567890123')).toEqual({ error: nokAmountMessages.format });
  });

  it('takes 0 where nothing is a fair amount, such as a minimum order', () => {
    expect(parseNokAmount('0', { allowZero: true })).toEqual({ ore: 0 });
    expect(parseNokAmount('0,00', { allowZero: true })).toEqual({ ore: 0 });
    expect(parseNokAmount('0')).toEqual({ error: nokAmountMessages.zero });
  });
});
