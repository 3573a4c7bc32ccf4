import type { TFunction } from 'i18next';
import type { Gender } from '@app/contract';
import { isValidEmail } from '../email-rules';
import { passwordProblemText } from '../password-rules';
import { birthdateProblem, birthdateProblemText, isoDate, nameProblemText } from '../profile-rules';

export interface SignupValues {
  gender: Gender | '';
  seeking_gender: Gender | '';
  day: string;
  month: string;
  year: string;
  name: string;
  signup_message: string;
  email: string;
  password: string;
  accept_fictional: boolean;
  accept_terms: boolean;
}

export const EMPTY_SIGNUP: SignupValues = {
  gender: '',
  seeking_gender: '',
  day: '',
  month: '',
  year: '',
  name: '',
  signup_message: '',
  email: '',
  password: '',
  accept_fictional: false,
  accept_terms: false,
};

export type SignupField =
  | 'gender'
  | 'seeking_gender'
  | 'date_of_birth'
  | 'name'
  | 'signup_message'
  | 'email'
  | 'password'
  | 'accept_fictional'
  | 'accept_terms';

export type FieldErrors = Partial<Record<SignupField, string>>;

/** Which step (0-4) holds each field: a server error on a field sends the visitor there. */
export const FIELD_STEP: Record<SignupField, number> = {
  gender: 0,
  seeking_gender: 0,
  date_of_birth: 1,
  name: 2,
  signup_message: 2,
  email: 3,
  password: 3,
  accept_fictional: 4,
  accept_terms: 4,
};

export const STEP_COUNT = 5;

/** The fields of the signup form: a server error that names one of them shows under it. */
export const SIGNUP_FIELDS = Object.keys(FIELD_STEP) as SignupField[];

export function isSignupField(value: string | undefined): value is SignupField {
  return !!value && value in FIELD_STEP;
}

export { birthdateProblem };

export function dateOfBirth(values: Pick<SignupValues, 'day' | 'month' | 'year'>): string {
  return isoDate(values);
}

/** The client-side checks of one step; an empty object means the step is complete. */
export function validateStep(
  step: number,
  values: SignupValues,
  t: TFunction,
  minAge: number,
): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case 0:
      if (!values.gender) errors.gender = t('signup.genderRequired');
      if (!values.seeking_gender) errors.seeking_gender = t('signup.seekingRequired');
      break;
    case 1: {
      const problem = birthdateProblem(values.day, values.month, values.year, minAge);
      if (problem) errors.date_of_birth = birthdateProblemText(problem, t, minAge);
      break;
    }
    case 2: {
      const nameError = validateName(values.name, values.email, t);
      if (nameError) errors.name = nameError;
      break;
    }
    case 3: {
      if (!isValidEmail(values.email)) errors.email = t('errors.invalid_email');
      const identity = { email: values.email, name: values.name };
      const passwordError = passwordProblemText(values.password, identity, t);
      if (passwordError) errors.password = passwordError;
      break;
    }
    case 4:
      if (!values.accept_fictional) errors.accept_fictional = t('signup.fictionalRequired');
      if (!values.accept_terms) errors.accept_terms = t('errors.terms_required');
      break;
    default:
      break;
  }
  return errors;
}

/**
 * The profile name is shown to others: not an e-mail address (the one typed, or any other) and
 * not starting with @; the profile editor checks the same rules (components/profile-rules.ts).
 */
export function validateName(name: string, email: string, t: TFunction): string | null {
  return nameProblemText(name, t, t('signup.nameRequired'), email);
}
