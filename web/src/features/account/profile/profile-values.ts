import type {
  BodyType,
  EyeColor,
  Gender,
  HairColor,
  RelationshipStatus,
  Sexuality,
  SignupReason,
} from '@app/contract';

/** Every value of an enum, in the order the form offers them (tsc fails when one is missing). */
function all<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : never)) =>
    list;
}

/** The profile fields whose values have a label (`profileEditor.values.<field>.<value>`). */
export const PROFILE_VALUES = {
  gender: all<Gender>()(['female', 'male']),
  seeking_gender: all<Gender>()(['female', 'male']),
  sexuality: all<Sexuality>()(['hetero', 'gay', 'lesbian', 'bi']),
  relationship_status: all<RelationshipStatus>()([
    'single',
    'unmarried',
    'living_together',
    'married',
    'divorced',
    'widowed',
  ]),
  signup_reason: all<SignupReason>()([
    'relationship',
    'friendship',
    'dating',
    'flirting',
    'chatting',
    'adventure',
  ]),
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
  eye_color: all<EyeColor>()(['blue', 'green', 'hazel', 'brown', 'gray', 'other']),
  body_type: all<BodyType>()(['slim', 'normal', 'fat']),
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
