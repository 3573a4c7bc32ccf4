import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { DatePartsField } from '../../form';
import type { StepProps } from './step-props';

/** Step 2: the date of birth, with the years from the site's minimum age back 100 years. */
export function BirthdateStep({ values, set, errorFor }: StepProps) {
  const { t } = useTranslation();
  const { min_age: minAge } = useSettings();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 100 - minAge + 1 }, (_, i) => String(thisYear - minAge - i));
  return (
    <DatePartsField
      legend={t('signup.birthdate')}
      labels={{ day: t('signup.day'), month: t('signup.month'), year: t('signup.year') }}
      value={values}
      onChange={(part, value) => set(part, value)}
      years={years}
      autoComplete="bday"
      error={errorFor('date_of_birth')}
      hint={t('signup.birthdateHint', { count: minAge })}
    />
  );
}
