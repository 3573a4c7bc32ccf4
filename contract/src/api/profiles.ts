import { z } from 'zod';
import { ABOUT_MAX_LENGTH, INTERESTS_MAX, NAME_MAX_LENGTH } from '../constants';
import { dbIdNumber, gender } from './fields';

// ---------------------------------------------------------------- the Profile enums (SPEC point 3)

export const sexuality = z.enum(['hetero', 'gay', 'lesbian', 'bi']);
export const hairColor = z.enum([
  'brunette',
  'blond',
  'brown',
  'white',
  'bald',
  'black',
  'dark_blond',
  'dark_brown',
  'gray',
  'red',
  'other',
]);
export const bodyType = z.enum(['slim', 'normal', 'fat']);
export const eyeColor = z.enum(['blue', 'green', 'hazel', 'brown', 'gray', 'other']);
export const relationshipStatus = z.enum([
  'divorced',
  'living_together',
  'married',
  'unmarried',
  'single',
  'widowed',
]);
export const signupReason = z.enum([
  'relationship',
  'friendship',
  'dating',
  'flirting',
  'chatting',
  'adventure',
]);
export type Sexuality = z.infer<typeof sexuality>;
export type HairColor = z.infer<typeof hairColor>;
export type BodyType = z.infer<typeof bodyType>;
export type EyeColor = z.infer<typeof eyeColor>;
export type RelationshipStatus = z.infer<typeof relationshipStatus>;
export type SignupReason = z.infer<typeof signupReason>;

/**
 * The descriptive fields of a profile, shown to others on the profile page (null: not given).
 * Never the date of birth: others see the age only (SPEC point 5).
 */
export const profileDetails = z.object({
  sexuality: sexuality.nullable(),
  hair_color: hairColor.nullable(),
  eye_color: eyeColor.nullable(),
  body_type: bodyType.nullable(),
  relationship_status: relationshipStatus.nullable(),
  tattoos: z.boolean().nullable(),
  signup_reason: signupReason.nullable(),
  about: z.string().nullable(),
  /** Interest slugs (`interests.<slug>` in the catalogues; icons in settings.interests). */
  interests: z.array(z.string()),
});
export type ProfileDetails = z.infer<typeof profileDetails>;

// ---------------------------------------------------------------- own profile: GET/PUT /api/profile.php

/** The member's own profile as the editor shows it (the date of birth only to its owner). */
export const ownProfile = profileDetails.extend({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['disabled', 'active', 'hidden']),
  gender,
  seeking_gender: gender.nullable(),
  /** YYYY-MM-DD */
  date_of_birth: z.string(),
  age: z.number().int(),
  country: z.string(),
  region_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  invisible: z.boolean(),
  privacy_mode: z.boolean(),
  fictional: z.boolean(),
  /**
   * The profile texts (name, about) a moderator refused, with the reason (one of the
   * inspection's TEXT_REJECT_REASONS: the member reads `profileEditor.textRejected.reasons.<reason>`).
   * Only while the refusal is the field's latest review: a new text of the field ends it.
   */
  text_rejections: z.array(
    z.object({
      field: z.enum(['name', 'about']),
      reason: z.string(),
      /** ISO time of the decision. */
      decided_at: z.string(),
    }),
  ),
  /**
   * The about text typed at signup while it waits for a moderator: not shown on the profile
   * until approved (it then becomes `about`); null when none waits. Ends when the member writes
   * an about text of their own.
   */
  about_waiting: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof ownProfile>;
export type TextRejection = OwnProfile['text_rejections'][number];

export const ownProfileResponse = z.object({ profile: ownProfile });
export type OwnProfileResponse = z.infer<typeof ownProfileResponse>;

const nullableEnum = <T extends z.ZodType>(schema: T) => schema.nullable().optional().default(null);

/**
 * PUT /api/profile.php: the whole editable profile in one validated call. Shapes are checked
 * here; the rules with their own messages (name rules, minimum age, region of the country, city
 * of the region, known interests) by the server, with the field they belong to.
 */
export const profileUpdateRequest = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  gender,
  seeking_gender: gender.nullable().optional().default(null),
  /** YYYY-MM-DD */
  date_of_birth: z.string().trim().max(10),
  country: z.string().length(2),
  region_id: dbIdNumber.nullable().optional().default(null),
  city_id: dbIdNumber.nullable().optional().default(null),
  sexuality: nullableEnum(sexuality),
  hair_color: nullableEnum(hairColor),
  eye_color: nullableEnum(eyeColor),
  body_type: nullableEnum(bodyType),
  relationship_status: nullableEnum(relationshipStatus),
  tattoos: z.boolean().nullable().optional().default(null),
  signup_reason: nullableEnum(signupReason),
  about: z.string().trim().max(ABOUT_MAX_LENGTH).nullable().optional().default(null),
  interests: z.array(z.string().max(50)).max(INTERESTS_MAX).optional().default([]),
  invisible: z.boolean().optional().default(false),
  privacy_mode: z.boolean().optional().default(false),
});
/** What the server works with (defaults applied). */
export type ProfileUpdateInput = z.infer<typeof profileUpdateRequest>;
/** What a client sends. */
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;
