import type { StoredSettings } from './settings.defaults';

/** What the site settings free_members_see_visitors / free_members_see_likes decide on. */
export type ShownToFree = 'visitors' | 'likes';

/**
 * Whether a member sees who viewed their profile (`visitors`) or who liked them (`likes`):
 * premium members always; free members only while the site setting says `everything` (by
 * default they see how many, not who: issue 38 items 1, 4 and 6).
 */
export function seesWho(
  what: ShownToFree,
  member: { paidUser: boolean },
  stored: Pick<StoredSettings, 'free_members_see_visitors' | 'free_members_see_likes'>,
): boolean {
  if (member.paidUser) return true;
  const setting =
    what === 'visitors' ? stored.free_members_see_visitors : stored.free_members_see_likes;
  return setting === 'everything';
}
