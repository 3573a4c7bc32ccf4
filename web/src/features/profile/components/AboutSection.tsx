import { useTranslation } from 'react-i18next';
import { CheckField, FormField } from '../../../components/form';
import { ABOUT_MAX_LENGTH } from '../../../config/constants';
import { ProfileSection } from './fields';
import type { SectionProps } from './section-props';
import { TextRejectionNotice } from './TextRejection';

/** The about-me text, with a counter of the characters left. */
export function AboutSection({ values, set, errorFor, rejections }: SectionProps) {
  const { t } = useTranslation();
  return (
    <ProfileSection
      icon="📝"
      title={t('profileEditor.about')}
      intro={t('profileEditor.aboutIntro')}
    >
      <TextRejectionNotice rejection={rejections.find((r) => r.field === 'about')} />
      <FormField
        as="textarea"
        label={t('profileEditor.aboutLabel')}
        labelClassName="visually-hidden"
        rows={6}
        maxLength={ABOUT_MAX_LENGTH}
        value={values.about}
        onChange={(event) => set('about', event.target.value)}
        placeholder={t('profileEditor.aboutPlaceholder')}
        error={errorFor('about')}
        hint={t('profileEditor.aboutCount', {
          count: values.about.length,
          max: ABOUT_MAX_LENGTH,
        })}
        className="mb-0"
      />
    </ProfileSection>
  );
}

/** Invisible mode and privacy mode, each with what it means. */
export function PrivacySection({ values, set, errorFor }: SectionProps) {
  const { t } = useTranslation();
  return (
    <ProfileSection
      icon="🔒"
      title={t('profileEditor.privacy')}
      intro={t('profileEditor.privacyIntro')}
    >
      <CheckField
        className="form-check form-switch profile-switch mb-3"
        role="switch"
        label={t('profileEditor.invisible')}
        labelClassName="form-check-label fw-semibold"
        hint={t('profileEditor.invisibleHelp')}
        checked={values.invisible}
        onChange={(event) => set('invisible', event.target.checked)}
        error={errorFor('invisible')}
      />
      <CheckField
        className="form-check form-switch profile-switch mb-0"
        role="switch"
        label={t('profileEditor.privacyMode')}
        labelClassName="form-check-label fw-semibold"
        hint={t('profileEditor.privacyModeHelp')}
        checked={values.privacy_mode}
        onChange={(event) => set('privacy_mode', event.target.checked)}
        error={errorFor('privacy_mode')}
      />
    </ProfileSection>
  );
}
