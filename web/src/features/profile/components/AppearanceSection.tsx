import { useTranslation } from 'react-i18next';
import { SelectField, ProfileSection } from './fields';
import { useValueOptions } from './BasicsSection';
import type { ProfileFormValues } from '../profile-form';
import type { SectionProps } from './section-props';

type AppearanceField = 'hair_color' | 'eye_color' | 'body_type' | 'tattoos';

/** Hair and eye colour, body type, tattoos: each may stay "not said". */
export function AppearanceSection({ values, set, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const fields: {
    field: AppearanceField;
    label: string;
    options: ReturnType<typeof useValueOptions>;
  }[] = [
    {
      field: 'hair_color',
      label: t('profileEditor.hairColor'),
      options: useValueOptions('hair_color'),
    },
    {
      field: 'eye_color',
      label: t('profileEditor.eyeColor'),
      options: useValueOptions('eye_color'),
    },
    {
      field: 'body_type',
      label: t('profileEditor.bodyType'),
      options: useValueOptions('body_type'),
    },
    { field: 'tattoos', label: t('profileEditor.tattoos'), options: useValueOptions('tattoos') },
  ];
  return (
    <ProfileSection
      icon="✨"
      title={t('profileEditor.appearance')}
      intro={t('profileEditor.appearanceIntro')}
    >
      <div className="row g-3">
        {fields.map(({ field, label, options }) => (
          <div key={field} className="col-12 col-sm-6">
            <SelectField
              label={label}
              placeholder={t('profileEditor.notSaid')}
              options={options}
              value={values[field]}
              onChange={(event) =>
                set(field, event.target.value as ProfileFormValues[AppearanceField])
              }
              error={errorFor(field)}
              className="mb-0"
            />
          </div>
        ))}
      </div>
    </ProfileSection>
  );
}
