import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_LINK_HOURS } from '@app/contract';
import { ApiError } from '../../../api/client';
import { requestDataExport } from '../api/data-export';
import { CurrentPasswordField } from '../../../components/CurrentPasswordField';
import { ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';

const FIELDS = ['password'] as const;

/**
 * "Download mijn gegevens" (GDPR art. 15 and 20): with the current password the member asks for
 * a ZIP of all their data; the server mails a single-use link when it is ready. A full-width
 * column of the account settings page's grid.
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const id = useId();
  const headingId = useId();
  const [password, setPassword] = useState('');
  const form = useApiForm({
    mutationFn: requestDataExport,
    fields: FIELDS,
    validate: () => ({ password: password ? null : t('password.currentRequired') }),
    onSuccess: () => setPassword(''),
  });
  const { mutation } = form;
  const limited =
    mutation.error instanceof ApiError &&
    mutation.error.status === 429 &&
    mutation.error.code === 'rate_limited';

  return (
    <div className="col-12">
      <section
        className="card border-0 shadow-sm rounded-4 h-100"
        aria-labelledby={headingId}
        id="data-export"
      >
        <div className="card-body p-4">
          <h2 className="h5 mb-3" id={headingId}>
            {t('dataExport.title')}
          </h2>
          <p className="text-body-secondary">
            {t('dataExport.intro', { count: DATA_EXPORT_LINK_HOURS })}
          </p>
          {mutation.isSuccess ? (
            <div className="alert alert-success mb-0" role="status">
              <p className="fw-semibold mb-1">{t('dataExport.queuedTitle')}</p>
              <p className="mb-0">{t('dataExport.queued', { count: DATA_EXPORT_LINK_HOURS })}</p>
            </div>
          ) : (
            <form
              ref={form.formRef}
              onSubmit={form.handleSubmit(() => ({ password }))}
              noValidate
              className="data-export-form"
            >
              {limited ? (
                <div className="alert alert-warning" role="alert">
                  {t('dataExport.rateLimited')}
                </div>
              ) : (
                <ServerErrorAlert message={form.formError} />
              )}
              <CurrentPasswordField
                id={`${id}-password`}
                value={password}
                error={form.fieldError('password')}
                onChange={setPassword}
              />
              <SubmitButton
                className="btn btn-outline-primary rounded-pill px-4"
                busy={form.busy}
                busyLabel={t('dataExport.sending')}
              >
                {t('dataExport.submit')}
              </SubmitButton>
            </form>
          )}
        </div>
      </section>
    </div>
  );
}
