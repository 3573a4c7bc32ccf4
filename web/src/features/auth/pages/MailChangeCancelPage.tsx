import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cancelMailChange } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { serverErrorText } from '../../../api/server-error';
import { userQueryKey } from '../../../api/user';
import { ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';

/**
 * /mail-change/cancel?token=...: the "this wasn't me" link of the notice mailed to the old
 * address. It cancels only on a click, never on load: mail scanners open links by themselves.
 * Cancelling ends every session of the member, so the page's user is forgotten afterwards.
 */
export function MailChangeCancelPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.mailChangeCancel'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const form = useApiForm({
    mutationFn: cancelMailChange,
    fields: [],
    onSuccess: () => {
      // every session has ended on the server, this browser's too
      queryClient.setQueryData(userQueryKey, { user: null });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
  const { mutation } = form;

  const linkInvalid =
    !token || (mutation.error instanceof ApiError && mutation.error.code === 'link_invalid');
  if (linkInvalid) {
    return (
      <AuthCard title={t('mailChangeCancel.invalidTitle')} icon="⚠️">
        <ServerErrorAlert
          className="text-center"
          message={token ? serverErrorText(mutation.error, t) : t('mailChangeCancel.linkMissing')}
        />
        <p className="text-center text-body-secondary mb-4">{t('mailChangeCancel.invalidHelp')}</p>
        <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center">
          <Link to="/login" className="btn btn-primary rounded-pill px-4">
            {t('reset.toLogin')}
          </Link>
          <Link to="/service" className="btn btn-outline-secondary rounded-pill px-4">
            {t('mailChangeCancel.support')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('mailChangeCancel.doneTitle')} icon="✅" wide>
        <div className="text-center mb-4" role="status">
          <p className="mb-1">{t('mailChangeCancel.doneText', { email: mutation.data.email })}</p>
          <p className="text-body-secondary mb-0">{t('mailChangeCancel.loggedOut')}</p>
        </div>
        <div className="alert alert-warning mb-4">
          <h2 className="h5 alert-heading">{t('mailChangeCancel.adviceTitle')}</h2>
          <p className="mb-3">{t('mailChangeCancel.adviceText')}</p>
          <Link to="/reset-password" className="btn btn-primary rounded-pill px-4">
            {t('mailChangeCancel.adviceLink')}
          </Link>
        </div>
        <p className="text-center small mb-0">
          <Link to="/login">{t('reset.toLogin')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('mailChangeCancel.title')} icon="🛡️" wide>
      <p className="text-center text-body-secondary mb-4">{t('mailChangeCancel.intro')}</p>
      <div className="bg-body-tertiary rounded-3 p-3 mb-4">
        <p className="fw-semibold mb-2">{t('mailChangeCancel.effectsTitle')}</p>
        <ul className="mb-0 ps-3 d-grid gap-1">
          <li>{t('mailChangeCancel.effectAddress')}</li>
          <li>{t('mailChangeCancel.effectSessions')}</li>
          <li>{t('mailChangeCancel.effectPassword')}</li>
        </ul>
      </div>
      <ServerErrorAlert message={form.formError} />
      <SubmitButton
        type="button"
        className="btn btn-primary rounded-pill w-100 py-2"
        busy={form.busy}
        onClick={() => form.submit(() => token)}
      >
        {t('mailChangeCancel.submit')}
      </SubmitButton>
      <p className="text-center small text-body-secondary mt-3 mb-0">
        {t('mailChangeCancel.selfRequested')}
      </p>
    </AuthCard>
  );
}
