import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LEGAL_VERSIONS, type LegalDocument, type PendingConsent } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { serverErrorText } from '../../../api/server-error';
import { useLogout } from '../../../api/user';
import { CheckField } from '../../../components/form';
import { useAcceptConsents, useConsents } from '../api/consents';
import { useConsentMessages, useConsentT } from '../i18n';

const PAGE: Record<LegalDocument, string> = { terms: '/terms', privacy: '/privacy' };

/** The versions published after the one the member accepted (all but the first when none). */
function newerVersions({ document, accepted_version }: PendingConsent) {
  const versions = LEGAL_VERSIONS[document];
  const from = versions.findIndex((v) => v.id === accepted_version);
  return versions.slice(from === -1 ? versions.length - 1 : from + 1);
}

/**
 * The re-acceptance screen: a logged-in member who has not accepted the version in force of
 * the terms or privacy statement sees it instead of the page (at login or the next page load
 * after a new version), with a short summary of each change, and goes on only by accepting
 * (or logs out). The legal pages open in a new tab.
 */
export function ConsentGate() {
  const ready = useConsentMessages();
  const { t, language } = useConsentT();
  const main = useTranslation();
  const settings = useSettings();
  const consents = useConsents();
  const accept = useAcceptConsents();
  const logout = useLogout(() => window.location.assign('/'));
  const [checked, setChecked] = useState(false);
  const [tried, setTried] = useState(false);
  const titleId = useId();
  if (!ready || consents.isPending) {
    return (
      <p className="container py-5" role="status">
        {ready ? t('gate.loading') : ''}
      </p>
    );
  }
  const pending = consents.data?.pending ?? [];
  const first = pending.every((p) => p.accepted_version === null);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
      new Date(iso),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked || pending.length === 0) return;
    accept.mutate({ accept: pending.map(({ document, version }) => ({ document, version })) });
  };

  return (
    <section className="container py-4 py-md-5 consent-gate" aria-labelledby={titleId}>
      <div className="mx-auto" style={{ maxWidth: '40rem' }}>
        <h1 id={titleId} className="h3 mb-3">
          {t('gate.title')}
        </h1>
        <p className="lead">
          {t(first ? 'gate.introFirst' : 'gate.intro', { site: settings.name })}
        </p>
        <form onSubmit={submit} noValidate>
          {pending.map((item) => (
            <article
              key={item.document}
              className="card border-0 shadow-sm rounded-4 mb-3"
              data-testid={`consent-${item.document}`}
            >
              <div className="card-body p-4">
                <h2 className="h5 mb-1">{t(`gate.document.${item.document}`)}</h2>
                <p className="small text-body-secondary mb-3">
                  {t('gate.version', {
                    date: date(LEGAL_VERSIONS[item.document].at(-1)!.published),
                  })}
                </p>
                {item.accepted_version === null ? (
                  <p>{t('gate.firstTime')}</p>
                ) : (
                  <>
                    <h3 className="h6">{t('gate.changed')}</h3>
                    <ul>
                      {newerVersions(item).map((version) => (
                        <li key={version.id}>
                          {t(`changes.${item.document}.${version.id}`, { site: settings.name })}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <Link to={PAGE[item.document]} target="_blank" rel="noopener">
                  {t('gate.read')}
                </Link>
              </div>
            </article>
          ))}
          <CheckField
            name="accept_consents"
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
            label={t('gate.accept')}
            error={tried && !checked ? t('gate.required') : null}
            required
          />
          {accept.isError && (
            <div className="alert alert-danger mt-3" role="alert">
              {serverErrorText(accept.error, main.t)}
            </div>
          )}
          <div className="d-flex flex-wrap gap-3 align-items-center mt-3">
            <button
              type="submit"
              className="btn btn-primary rounded-pill px-4"
              disabled={accept.isPending}
            >
              {t('gate.submit')}
            </button>
            <button
              type="button"
              className="btn btn-link"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              {t('gate.logout')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
