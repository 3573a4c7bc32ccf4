import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { CheckField } from '../../form';
import type { StepProps } from './step-props';

/**
 * Step 5: the fictional-profile warning, shown plainly before the account exists, acknowledged,
 * and the terms and privacy statement accepted.
 */
export function ConsentStep({ values, set, errorFor }: StepProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <>
      <div className="signup-consent border rounded-3 p-3 mb-3 bg-body-tertiary">
        <p className="fw-semibold mb-2 d-flex align-items-center gap-2">
          <span className="fs-4" aria-hidden="true">
            {settings.fictional_icon}
          </span>
          <span>
            {t('disclaimer.fictionalTitle', { plural: settings.fictional_plural })}{' '}
            <span className="badge text-bg-light border">
              {settings.fictional_icon} {settings.fictional_singular}
            </span>
          </span>
        </p>
        <p className="mb-3 small">{settings.fictional_warning}</p>
        <CheckField
          name="accept_fictional"
          required
          labelClassName="form-check-label small"
          label={t('signup.acceptFictional', { label: settings.fictional_singular })}
          checked={values.accept_fictional}
          error={errorFor('accept_fictional')}
          onChange={(event) => set('accept_fictional', event.target.checked)}
        />
      </div>
      {settings.member_resell && (
        // member_resell: the site can share profiles with partner sites, each member's only with
        // their own opt-in on the account page (default off): said before the account exists
        <p className="small mb-2" data-testid="member-resell">
          {t('signup.memberResell', { name: settings.name })}
        </p>
      )}
      <CheckField
        name="accept_terms"
        required
        labelClassName="form-check-label small"
        label={
          <>
            {t('signup.acceptTermsBefore')}{' '}
            <Link to="/terms" target="_blank" rel="noopener">
              {t('signup.termsLink')}
            </Link>{' '}
            {t('signup.acceptTermsAnd')}{' '}
            <Link to="/privacy" target="_blank" rel="noopener">
              {t('signup.privacyLink')}
            </Link>
            {t('signup.acceptTermsAfter')}
          </>
        }
        checked={values.accept_terms}
        error={errorFor('accept_terms')}
        onChange={(event) => set('accept_terms', event.target.checked)}
      />
    </>
  );
}
