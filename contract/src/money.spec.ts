import {
  basisPoints,
  centsToDecimal,
  creditsOwedBack,
  decimalToCents,
  discountCents,
  discountedCents,
  reversalCredits,
  vatIncludedCents,
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

  it('claims back a reversal’s share of the credits, rounded up, and never more than bought', () => {
    const plus = { credits: 350, amountCents: 2995 };
    expect(creditsOwedBack(plus, 1498)).toBe(176); // 175.06
    expect(creditsOwedBack(plus, 2995)).toBe(350);
    expect(creditsOwedBack(plus, 9999)).toBe(350);
    expect(creditsOwedBack(plus, 0)).toBe(0);
  });

  it('takes back only what is unspent and counts the rest as short', () => {
    const plus = { credits: 350, amountCents: 2995, reversedCents: 0 };
    expect(reversalCredits(plus, 2995, 350)).toEqual({ owed: 350, taken: 350, short: 0 });
    expect(reversalCredits(plus, 1498, 400)).toEqual({ owed: 176, taken: 176, short: 0 });
    expect(reversalCredits(plus, 2995, 100)).toEqual({ owed: 350, taken: 100, short: 250 });
    // the rest after a partial refund: the two shares add up to the credits bought
    expect(reversalCredits({ ...plus, reversedCents: 1498 }, 1497, 10)).toEqual({
      owed: 174,
      taken: 10,
      short: 164,
    });
  });

  it('takes the VAT out of a price that includes it, half a cent up, as the invoice does', () => {
    expect(vatIncludedCents(1210, 21)).toBe(210);
    expect(vatIncludedCents(1999, 21)).toBe(347); // 346.93
    expect(vatIncludedCents(1190, 19)).toBe(190);
    expect(vatIncludedCents(0, 21)).toBe(0);
    expect(vatIncludedCents(100, 0)).toBe(0);
    // 221 * 21 / 121 = 38.355...; 605 * 21 / 121 = 105 exactly; a half: 242 * 21 / 121 = 42
    expect(vatIncludedCents(221, 21)).toBe(38);
    expect(vatIncludedCents(605, 21)).toBe(105);
    // the same as Math.round for every price up to 500 euros at the rates in use
    for (const rate of [19, 20, 21, 22, 23]) {
      for (let cents = 0; cents <= 50_000; cents += 7) {
        expect(vatIncludedCents(cents, rate)).toBe(Math.round((cents * rate) / (100 + rate)));
      }
    }
  });

  it('takes back exactly the invoice VAT with a full refund (negative amounts mirror positive)', () => {
    expect(vatIncludedCents(-1999, 21)).toBe(-347);
    expect(() => vatIncludedCents(12.5, 21)).toThrow();
    expect(() => vatIncludedCents(100, 20.5)).toThrow();
  });
});
