import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { serverErrorText } from '../../../api/server-error';
import { useConsents, useSetPartnerSharing } from '../api/consents';
import { useConsentMessages, useConsentT } from '../i18n';

/**
 * The account page's partner-sharing opt-in (default off): shown while the site shares
 * profiles with partner sites (member_resell); each change is logged with its time.
 */
export function PartnerSharingSection() {
  const ready = useConsentMessages();
  const { t } = useConsentT();
  const main = useTranslation();
  const settings = useSettings();
  const consents = useConsents();
  const change = useSetPartnerSharing();
  const headingId = useId();
  const switchId = useId();
  if (!ready || !consents.data?.partner_sharing_offered) return null;
  return (
    <div className="col-12">
      <section
        className="card border-0 shadow-sm rounded-4 h-100"
        aria-labelledby={headingId}
        id="partner-sharing"
      >
        <div className="card-body p-4">
          <h2 id={headingId} className="h5 mb-3">
            {t('partners.title')}
          </h2>
          <p className="text-body-secondary">{t('partners.text', { site: settings.name })}</p>
          <div className="form-check form-switch">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={consents.data.partner_sharing}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ enabled: event.target.checked })}
            />
            <label htmlFor={switchId} className="form-check-label">
              {t('partners.toggle')}
            </label>
          </div>
          <div aria-live="polite">
            {change.isSuccess && (
              <p className="small text-success mt-2 mb-0">{t('partners.saved')}</p>
            )}
            {change.isError && (
              <p className="small text-danger mt-2 mb-0" role="alert">
                {serverErrorText(change.error, main.t)}
              </p>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
