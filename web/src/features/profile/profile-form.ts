import type { TFunction } from 'i18next';
import type {
  BodyType,
  EyeColor,
  Gender,
  HairColor,
  OwnProfile,
  ProfileUpdateRequest,
  RelationshipStatus,
  Sexuality,
  SignupReason,
} from '@app/contract';
import { ABOUT_MAX_LENGTH, INTERESTS_MAX } from '../../config/constants';
import {
  birthdateProblem,
  birthdateProblemText,
  dateParts,
  isoDate,
  nameProblemText,
} from '../../components/profile-rules';
import type { FieldProblems } from '../../components/form';

/** The editor's state: selects hold '' for "not said", the date its three parts. */
export interface ProfileFormValues {
  name: string;
  gender: Gender;
  seeking_gender: Gender | '';
  day: string;
  month: string;
  year: string;
  country: string;
  region_id: number | null;
  city_id: number | null;
  sexuality: Sexuality | '';
  relationship_status: RelationshipStatus | '';
  signup_reason: SignupReason | '';
  hair_color: HairColor | '';
  eye_color: EyeColor | '';
  body_type: BodyType | '';
  tattoos: 'yes' | 'no' | '';
  about: string;
  interests: string[];
  invisible: boolean;
  privacy_mode: boolean;
}

/** The fields the server may name in an error, in the order the page shows them. */
export const PROFILE_FIELDS = [
  'name',
  'gender',
  'seeking_gender',
  'date_of_birth',
  'sexuality',
  'relationship_status',
  'signup_reason',
  'country',
  'region_id',
  'city_id',
  'hair_color',
  'eye_color',
  'body_type',
  'tattoos',
  'interests',
  'about',
  'invisible',
  'privacy_mode',
] as const;

export function formValues(profile: OwnProfile): ProfileFormValues {
  return {
    name: profile.name,
    gender: profile.gender,
    seeking_gender: profile.seeking_gender ?? '',
    ...dateParts(profile.date_of_birth),
    country: profile.country,
    region_id: profile.region_id,
    city_id: profile.city_id,
    sexuality: profile.sexuality ?? '',
    relationship_status: profile.relationship_status ?? '',
    signup_reason: profile.signup_reason ?? '',
    hair_color: profile.hair_color ?? '',
    eye_color: profile.eye_color ?? '',
    body_type: profile.body_type ?? '',
    tattoos: profile.tattoos === null ? '' : profile.tattoos ? 'yes' : 'no',
    about: profile.about ?? '',
    interests: profile.interests,
    invisible: profile.invisible,
    privacy_mode: profile.privacy_mode,
  };
}

/** The one PUT of the whole form. */
export function updateRequest(values: ProfileFormValues): ProfileUpdateRequest {
  return {
    name: values.name.trim(),
    gender: values.gender,
    seeking_gender: values.seeking_gender || null,
    date_of_birth: isoDate(values),
    country: values.country,
    region_id: values.region_id,
    city_id: values.city_id,
    sexuality: values.sexuality || null,
    relationship_status: values.relationship_status || null,
    signup_reason: values.signup_reason || null,
    hair_color: values.hair_color || null,
    eye_color: values.eye_color || null,
    body_type: values.body_type || null,
    tattoos: values.tattoos === '' ? null : values.tattoos === 'yes',
    about: values.about.trim() || null,
    interests: values.interests,
    invisible: values.invisible,
    privacy_mode: values.privacy_mode,
  };
}

/** What the server would refuse, checked before sending (the same rules, the same messages). */
export function profileProblems(
  values: ProfileFormValues,
  t: TFunction,
  minAge: number,
): FieldProblems {
  const birthdate = birthdateProblem(values.day, values.month, values.year, minAge);
  return {
    name: nameProblemText(values.name, t, t('profileEditor.nameRequired')),
    date_of_birth: birthdate && birthdateProblemText(birthdate, t, minAge),
    country: values.country ? null : t('profileEditor.countryRequired'),
    about:
      values.about.trim().length > ABOUT_MAX_LENGTH
        ? t('validation.too_long', { count: ABOUT_MAX_LENGTH })
        : null,
    interests:
      values.interests.length > INTERESTS_MAX
        ? t('profileEditor.interestsMax', { count: INTERESTS_MAX })
        : null,
  };
}
