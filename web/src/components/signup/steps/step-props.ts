import type { SignupField, SignupValues } from '../validation';

export type SetSignupValue = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => void;

/** What every signup step gets: the values so far, a setter, and the errors of its fields. */
export interface StepProps {
  values: SignupValues;
  set: SetSignupValue;
  errorFor: (field: SignupField) => string | null;
}
