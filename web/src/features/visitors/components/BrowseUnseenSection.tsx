import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../../api/server-error';
import { useUser } from '../../../api/user';
import { SettingsCard } from '../../../components/SettingsCard';
import { useUpdateVisitorSettings, useVisitorSettings } from '../api/visitor-settings';

/**
 * "Onzichtbaar rondkijken" on the account page: a premium member may open profiles without
 * appearing among their visitors. A free member sees what it is and the way to premium.
 */
export function BrowseUnseenSection() {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useUser();
  const settings = useVisitorSettings();
  const save = useUpdateVisitorSettings();
  const premium = !!user?.paid_user;
  const checked = save.isPending
    ? save.variables.browse_unseen
    : (settings.data?.browse_unseen ?? false);
  return (
    <div className="col-12 col-lg-6">
      <SettingsCard title={t('visitors.browseUnseen.title')} id="browse-unseen">
        <div className="form-check form-switch mb-2">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={id}
            checked={checked}
            disabled={!premium || !settings.data}
            aria-describedby={`${id}-help`}
            onChange={(event) => {
              if (!save.isPending) save.mutate({ browse_unseen: event.target.checked });
            }}
          />
          <label className="form-check-label fw-semibold" htmlFor={id}>
            {t('visitors.browseUnseen.label')}
          </label>
          <div id={`${id}-help`} className="small text-body-secondary">
            {t('visitors.browseUnseen.help')}
          </div>
        </div>
        <div role="status" className="small">
          {save.isSuccess && (
            <span className="text-success fw-semibold">✓ {t('visitors.browseUnseen.saved')}</span>
          )}
        </div>
        {save.isError && (
          <p className="text-danger small mb-0" role="alert">
            {serverErrorText(save.error, t)}
          </p>
        )}
        {!premium && (
          <p className="small mb-0">
            {t('visitors.browseUnseen.premiumOnly')}{' '}
            <Link to="/premium">{t('visitors.goPremium')}</Link>
          </p>
        )}
      </SettingsCard>
    </div>
  );
}
