import type { TextRejection } from '@app/contract';
import type { ProfileFormValues } from '../profile-form';

/**
 * What every section of the editor gets: the form's values, a setter, the errors, and the
 * moderators' refusals of the profile's texts (live: the own profile's latest answer).
 */
export interface SectionProps {
  values: ProfileFormValues;
  set: <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => void;
  errorFor: (field: string) => string | null;
  rejections: readonly TextRejection[];
}
