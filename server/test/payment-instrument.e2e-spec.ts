import { paymentInstrument } from '../src/payments/providers/mollie/mollie.provider';

/**
 * Issue 35, item 3: the payment instrument a payment was paid with, as Mollie reports it in the
 * payment's details (a card's cardFingerprint, else the consumer account), for tying the
 * accounts that paid with it to one person.
 */
describe('the payment instrument a provider reports', () => {
  it("reads Mollie's instrument: a card's fingerprint, else the account paid from", () => {
    expect(paymentInstrument({ cardFingerprint: 'Hzdw5lEzKBxPJ3M6', cardNumber: '6787' })).toBe(
      'card:Hzdw5lEzKBxPJ3M6',
    );
    expect(paymentInstrument({ consumerAccount: 'NL53 INGB 0654 4224 13' })).toBe(
      'account:nl53ingb0654422413',
    );
    expect(paymentInstrument({ consumerAccount: 'Anna@Example.com' })).toBe(
      'account:anna@example.com',
    );
    expect(paymentInstrument({})).toBeNull();
    expect(paymentInstrument({ cardFingerprint: '', consumerAccount: ' ' })).toBeNull();
  });
});
