import type { TFunction } from 'i18next';
import { giftName } from './gift-name';

const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'chat.gifts.rose' ? 'Roos' : (options?.defaultValue ?? key)) as unknown as TFunction;

describe('a gift’s name', () => {
  const sunflower = { slug: 'sunflower', names: { nl: 'Zonnebloem', de: 'Sonnenblume' } };

  it('is the name an admin gave it in the reader’s language', () => {
    expect(giftName(sunflower, t, 'de-DE')).toBe('Sonnenblume');
    expect(giftName(sunflower, t, 'nl')).toBe('Zonnebloem');
  });

  it('falls back to the site text of a seeded gift, then the Dutch name, then the slug', () => {
    expect(giftName({ slug: 'rose' }, t, 'fr')).toBe('Roos');
    expect(giftName(sunflower, t, 'pl')).toBe('Zonnebloem');
    expect(giftName({ slug: 'kiss', names: {} }, t, 'en')).toBe('kiss');
  });
});
