/** The labels of the Profile enums (SPEC point 3), shared by the profile editor and the profile page. */
import {
  bodyType,
  eyeColor,
  sexuality,
  signupReason,
  type Gender,
  type HairColor,
  type RelationshipStatus,
} from '@app/contract';

/**
 * Every value of an enum, in the order the form offers them (tsc fails when one is missing);
 * where the contract's order is the form's, its enum's options are used as they are.
 */
function all<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : never)) =>
    list;
}

/** The profile fields whose values have a label (`profileEditor.values.<field>.<value>`). */
export const PROFILE_VALUES = {
  gender: all<Gender>()(['female', 'male']),
  seeking_gender: all<Gender>()(['female', 'male']),
  sexuality: sexuality.options,
  relationship_status: all<RelationshipStatus>()([
    'single',
    'unmarried',
    'living_together',
    'married',
    'divorced',
    'widowed',
  ]),
  signup_reason: signupReason.options,
  hair_color: all<HairColor>()([
    'blond',
    'dark_blond',
    'brunette',
    'brown',
    'dark_brown',
    'black',
    'red',
    'gray',
    'white',
    'bald',
    'other',
  ]),
  eye_color: eyeColor.options,
  body_type: bodyType.options,
  tattoos: ['yes', 'no'],
} as const;

export type ProfileValueField = keyof typeof PROFILE_VALUES;

/**
 * The catalogue key of a profile value's label: `t(profileValueLabelKey('hair_color', 'red'))`
 * is "Rood". Tattoos are true or false ("Ja", "Nee"). The profile page shows the same labels.
 */
export function profileValueLabelKey(field: ProfileValueField, value: string | boolean): string {
  const key = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  return `profileEditor.values.${field}.${key}`;
}
