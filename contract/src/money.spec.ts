import {
  basisPoints,
  centsToDecimal,
  decimalToCents,
  discountCents,
  discountedCents,
} from './money';

describe('money', () => {
  it('reads percentages with up to two decimals exactly', () => {
    expect(basisPoints(25)).toBe(2500);
    expect(basisPoints('25.00')).toBe(2500);
    expect(basisPoints('12.5')).toBe(1250);
    expect(basisPoints('0.01')).toBe(1);
    expect(() => basisPoints('12.345')).toThrow();
  });

  it('takes 25% off a price, rounding half a cent up', () => {
    expect(discountCents(495, 25)).toBe(124); // 123.75
    expect(discountedCents(495, 25)).toBe(371);
    expect(discountCents(1000, 25)).toBe(250);
    expect(discountCents(2, 25)).toBe(1); // 0.5 rounds up
    expect(discountedCents(2995, '12.50')).toBe(2621); // 374.375 -> 374
    expect(discountedCents(100, 100)).toBe(0);
  });

  it('writes and reads the providers’ two-decimal amounts', () => {
    expect(centsToDecimal(371)).toBe('3.71');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(12999)).toBe('129.99');
    expect(decimalToCents('129.99')).toBe(12999);
    expect(decimalToCents('0.05')).toBe(5);
    expect(() => decimalToCents('1.5')).toThrow();
  });
});
