import { z } from 'zod';
import { dbId, gender } from './fields';

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
  online: z.boolean(),
  main_image: z.null(),
});
export type ProfileCard = z.infer<typeof profileCard>;

export const memberResponse = z.object({ profile: profileCard });
export type MemberResponse = z.infer<typeof memberResponse>;

export const signupMatchesResponse = z.object({ profiles: z.array(profileCard) });
export type SignupMatchesResponse = z.infer<typeof signupMatchesResponse>;
