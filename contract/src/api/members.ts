import { z } from 'zod';
import { dbId, gender } from './fields';
import { mainImage, memberPhoto } from './photos';
import { profileDetails } from './profiles';

export const memberQuery = z.object({ id: dbId });
export type MemberQuery = z.infer<typeof memberQuery>;

/**
 * The public card of a member: only the age is shown, never the date of birth (SPEC point 5);
 * `fictional` is always present so every client labels chat pals.
 */
export const profileCard = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender,
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  /** A moderator compared the member's selfie with their photos: the verified badge. */
  verified: z.boolean(),
  online: z.boolean(),
  main_image: mainImage,
});
export type ProfileCard = z.infer<typeof profileCard>;

/**
 * A member's profile page: the card, the descriptive fields, the gallery as this viewer may
 * have it (locked photos carry only a blurred thumbnail) and the viewer's relation to them.
 */
export const memberProfile = profileCard.extend(profileDetails.shape).extend({
  photo_count: z.number().int(),
  photos: z.array(memberPhoto),
  /** Only for a logged-in viewer (null for visitors). */
  relation: z
    .object({
      /** The viewer blocked this member (they still see the profile, to unblock). */
      blocked: z.boolean(),
      /** The viewer likes this member. */
      liked: z.boolean(),
      /**
       * This member likes the viewer (a like back is a match), as far as the viewer may know:
       * false for a free member while free_members_see_likes is `count` unless the viewer likes
       * them too (who liked you is premium; a match is everyone's).
       */
      liked_by: z.boolean(),
    })
    .nullable(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberResponse = z.object({ profile: memberProfile, related: z.array(profileCard) });
export type MemberResponse = z.infer<typeof memberResponse>;

export const signupMatchesResponse = z.object({ profiles: z.array(profileCard) });
export type SignupMatchesResponse = z.infer<typeof signupMatchesResponse>;
