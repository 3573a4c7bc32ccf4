import type { ProfileFormValues } from './profile-form';

/** What every section of the editor gets: the form's values, a setter and the errors. */
export interface SectionProps {
  values: ProfileFormValues;
  set: <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => void;
  errorFor: (field: string) => string | null;
}
