import { useTranslation } from 'react-i18next';
import { FormField } from '../../form';
import { NAME_MAX_LENGTH, SIGNUP_MESSAGE_MAX_LENGTH } from '../../../config/constants';
import type { StepProps } from './step-props';

/** Step 3: the profile name, and a first message for the profile if the visitor likes. */
export function NameStep({ values, set, errorFor }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        name="name"
        label={t('signup.name')}
        hint={t('signup.nameHint')}
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        value={values.name}
        error={errorFor('name')}
        onChange={(event) => set('name', event.target.value)}
      />
      <FormField
        as="textarea"
        name="signup_message"
        label={t('signup.message')}
        hint={t('signup.messageHint')}
        maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
        value={values.signup_message}
        error={errorFor('signup_message')}
        onChange={(event) => set('signup_message', event.target.value)}
      />
    </>
  );
}
