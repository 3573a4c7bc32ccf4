import { containsPhoneNumber } from './phone-numbers';

describe('phone numbers in text a member chose', () => {
  it('finds numbers of the site’s countries, national or international, and not years or short numbers', () => {
    for (const text of [
      'Bel 06-12345678',
      'Sanne +31 6 12345678',
      'Tom 0151 12345678',
      'call 0032 475 12 34 56',
    ]) {
      expect([text, containsPhoneNumber(text)]).toEqual([text, true]);
    }
    for (const text of ['Jan 1985', 'Sanne31', 'Anna 31, 1.70 m', 'Jan 123 456', 'Lisa 2.0']) {
      expect([text, containsPhoneNumber(text)]).toEqual([text, false]);
    }
  });
});
