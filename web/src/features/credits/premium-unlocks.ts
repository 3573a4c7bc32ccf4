import type { Settings } from '@app/contract';

/** Who viewed a member's profile, who liked them: what free members may or may not see of it. */
const SEEN = ['likes', 'visitors'] as const;

/**
 * What premium adds over a free membership as far as the live settings decide it
 * (free_members_see_likes, free_members_see_visitors): `premium` holds the keys of
 * `credits.premium.*` a free member lacks (they see a count: who it is is premium), `free` those
 * of `credits.free.*` every member has (an admin showed it to everyone).
 */
export function premiumUnlocks(
  settings: Pick<Settings, 'free_members_see_likes' | 'free_members_see_visitors'>,
): { premium: string[]; free: string[] } {
  const setting = (what: (typeof SEEN)[number]) =>
    what === 'likes' ? settings.free_members_see_likes : settings.free_members_see_visitors;
  return {
    premium: SEEN.filter((what) => setting(what) === 'count').map((w) => `credits.premium.${w}`),
    free: SEEN.filter((what) => setting(what) === 'everything').map((w) => `credits.free.${w}`),
  };
}
