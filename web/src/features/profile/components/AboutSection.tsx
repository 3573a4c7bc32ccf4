import { useTranslation } from 'react-i18next';
import { CheckField, FormField } from '../../../components/form';
import { ABOUT_MAX_LENGTH } from '../../../config/constants';
import { ProfileSection } from './fields';
import type { SectionProps } from './section-props';
import { TextRejectionNotice } from './TextRejection';

/**
 * The about-me text, with a counter of the characters left; above it the signup text while it
 * waits for a moderator (`waiting`: not on the profile until approved).
 */
export function AboutSection({
  values,
  set,
  errorFor,
  rejections,
  waiting,
}: SectionProps & { waiting: string | null }) {
  const { t } = useTranslation();
  return (
    <ProfileSection
      icon="📝"
      title={t('profileEditor.about')}
      intro={t('profileEditor.aboutIntro')}
    >
      <TextRejectionNotice rejection={rejections.find((r) => r.field === 'about')} />
      {waiting && (
        <div
          className="alert alert-info small py-2 px-3 mb-2"
          role="status"
          data-testid="about-waiting"
        >
          <strong className="d-block">{t('profileEditor.aboutWaiting.title')}</strong>
          <blockquote
            className="my-2 ps-2 border-start border-2 text-break"
            style={{ whiteSpace: 'pre-line' }}
          >
            {waiting}
          </blockquote>
          {t('profileEditor.aboutWaiting.hint')}
        </div>
      )}
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
          number: values.about.length,
          count: ABOUT_MAX_LENGTH,
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
