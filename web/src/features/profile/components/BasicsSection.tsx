import { useTranslation } from 'react-i18next';
import type { Gender } from '@app/contract';
import { useSettings } from '../../../api/settings';
import { ChoiceField, DatePartsField, FormField } from '../../../components/form';
import { NAME_MAX_LENGTH } from '../../../config/constants';
import { SelectField } from './fields';
import {
  PROFILE_VALUES,
  profileValueLabelKey,
  type ProfileValueField,
} from '../../../components/profile-values';
import type { SectionProps } from './section-props';
import { TextRejectionNotice } from './TextRejection';
import { ProfileSection } from './fields';

/** The labelled options of a profile field's values. */
export function useValueOptions(field: ProfileValueField) {
  const { t } = useTranslation();
  return PROFILE_VALUES[field].map((value) => ({
    value,
    label: t(profileValueLabelKey(field, value)),
  }));
}

/** Name, gender, whom the member seeks, date of birth, sexuality, relationship, reason. */
export function BasicsSection({ values, set, errorFor, rejections }: SectionProps) {
  const { t } = useTranslation();
  const { min_age: minAge } = useSettings();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 120 - minAge + 1 }, (_, i) => String(thisYear - minAge - i));
  const genders = useValueOptions('gender') as { value: Gender; label: string }[];
  const seeking = useValueOptions('seeking_gender');
  const sexuality = useValueOptions('sexuality');
  const relationship = useValueOptions('relationship_status');
  const reasons = useValueOptions('signup_reason');
  const notSaid = t('profileEditor.notSaid');

  return (
    <ProfileSection
      icon="👤"
      title={t('profileEditor.basics')}
      intro={t('profileEditor.basicsIntro')}
    >
      <div className="row g-3 g-lg-4">
        <div className="col-12 col-lg-6">
          <TextRejectionNotice rejection={rejections.find((r) => r.field === 'name')} />
          <FormField
            label={t('profileEditor.name')}
            hint={t('profileEditor.nameHint')}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            error={errorFor('name')}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="nickname"
            required
            markRequired
            className="mb-0"
          />
        </div>
        <div className="col-12 col-lg-6">
          <ChoiceField
            legend={t('profileEditor.gender')}
            options={genders}
            value={values.gender}
            onChange={(value) => set('gender', value)}
            error={errorFor('gender')}
            variant="buttons"
            className="mb-0"
          />
        </div>
        <div className="col-12 col-lg-6">
          <DatePartsField
            legend={t('profileEditor.dateOfBirth')}
            labels={{
              day: t('profileEditor.day'),
              month: t('profileEditor.month'),
              year: t('profileEditor.year'),
            }}
            value={values}
            onChange={(part, value) => set(part, value)}
            years={years}
            autoComplete="bday"
            error={errorFor('date_of_birth')}
            hint={t('profileEditor.dateOfBirthHint', { count: minAge })}
            markRequired
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6 col-lg-3">
          <SelectField
            label={t('profileEditor.seekingGender')}
            placeholder={t('profileEditor.noPreference')}
            options={seeking}
            value={values.seeking_gender}
            onChange={(event) => set('seeking_gender', event.target.value as Gender | '')}
            error={errorFor('seeking_gender')}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6 col-lg-3">
          <SelectField
            label={t('profileEditor.sexuality')}
            placeholder={notSaid}
            options={sexuality}
            value={values.sexuality}
            onChange={(event) => set('sexuality', event.target.value as typeof values.sexuality)}
            error={errorFor('sexuality')}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6">
          <SelectField
            label={t('profileEditor.relationshipStatus')}
            placeholder={notSaid}
            options={relationship}
            value={values.relationship_status}
            onChange={(event) =>
              set('relationship_status', event.target.value as typeof values.relationship_status)
            }
            error={errorFor('relationship_status')}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6">
          <SelectField
            label={t('profileEditor.signupReason')}
            placeholder={notSaid}
            options={reasons}
            value={values.signup_reason}
            onChange={(event) =>
              set('signup_reason', event.target.value as typeof values.signup_reason)
            }
            error={errorFor('signup_reason')}
            className="mb-0"
          />
        </div>
      </div>
    </ProfileSection>
  );
}
