import type { TFunction } from 'i18next';
import type { Gift } from '@app/contract';

/**
 * A gift's name in the reader's language: the name an admin gave it in the console for that
 * language, else the site's text chat.gifts.<slug> (the seeded gifts), else its slug.
 */
export function giftName(gift: Pick<Gift, 'slug' | 'names'>, t: TFunction, language: string) {
  const own = gift.names?.[language.slice(0, 2)];
  if (own) return own;
  return t(`chat.gifts.${gift.slug}`, { defaultValue: gift.names?.nl ?? gift.slug });
}
