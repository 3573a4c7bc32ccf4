import { useTranslation } from 'react-i18next';
import type { Gender } from '@app/contract';
import { ChoiceField, type Choice } from '../../form';
import type { StepProps } from './step-props';

/** Step 1: "Ik ben een" and "Ik zoek een", each man or woman, as large buttons. */
export function GenderStep({ values, set, errorFor }: StepProps) {
  const { t } = useTranslation();
  const options: Choice<Gender>[] = [
    { value: 'male', label: <GenderLabel icon="♂" text={t('signup.man')} /> },
    { value: 'female', label: <GenderLabel icon="♀" text={t('signup.woman')} /> },
  ];
  const groups = [
    { field: 'gender', legend: t('signup.iAm') },
    { field: 'seeking_gender', legend: t('signup.seeking') },
  ] as const;
  return groups.map(({ field, legend }) => (
    <ChoiceField
      key={field}
      variant="buttons"
      name={field}
      legend={legend}
      options={options}
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={errorFor(field)}
    />
  ));
}

function GenderLabel({ icon, text }: { icon: string; text: string }) {
  return (
    <>
      <span className="d-block fs-4" aria-hidden="true">
        {icon}
      </span>
      {text}
    </>
  );
}
