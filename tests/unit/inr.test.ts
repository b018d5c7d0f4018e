import { describe, expect, it } from 'vitest';
import { formatInr, groupIndian } from '../../src/lib/inr';

describe('Indian rupee formatting', () => {
  it.each([
    [129, '₹129'],
    [5000, '₹5,000'],
    [51000, '₹51,000'],
    [100000, '₹1,00,000'],
    [499999, '₹4,99,999'],
    [999999, '₹9,99,999'],
    [12345678, '₹1,23,45,678'],
  ])('formats %i as %s', (amount, expected) => {
    expect(formatInr(amount)).toBe(expected);
  });

  it('never uses the western grouping', () => {
    expect(groupIndian(100000)).not.toBe('100,000');
  });

  it('refuses paise and negative amounts, which no price may have', () => {
    expect(() => formatInr(99.5)).toThrow(RangeError);
    expect(() => formatInr(-1)).toThrow(RangeError);
  });
});
