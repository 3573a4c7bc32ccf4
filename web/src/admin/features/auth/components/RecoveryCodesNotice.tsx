import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../../components/form';
import { staffMeQueryKey } from '../../../shared/api';
import { renewRecoveryCodes } from '../api/sign-in';
import { useAdminTranslation } from '../../../shared/i18n';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Shown above every console page while the staff member has no recovery codes left (all used,
 * or the codes of before 2026-11-28 withdrawn: security review L3): new ones, confirmed with a
 * code of the authenticator app, shown once.
 */
export function RecoveryCodesNotice() {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useApiForm({
    mutationFn: renewRecoveryCodes,
    fields: ['code'],
    onSuccess: (answer) => setCodes(answer.recovery_codes),
  });
  if (codes) {
    return (
      <section className="alert alert-success">
        <RecoveryCodes
          codes={codes}
          heading="h2"
          onDone={() => void queryClient.invalidateQueries({ queryKey: staffMeQueryKey })}
        />
      </section>
    );
  }
  return (
    <section className="alert alert-warning" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        {t('auth.renew.title')}
      </h2>
      <p className="mb-2">{t('auth.renew.text')}</p>
      {open ? (
        <>
          <ServerErrorAlert message={form.formError} />
          <form
            ref={form.formRef}
            className="d-flex flex-wrap gap-2 align-items-end"
            onSubmit={form.handleSubmit(() => ({ code: code.trim() }))}
          >
            <FormField
              id={`${id}-code`}
              label={t('auth.renew.code')}
              error={form.fieldError('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <SubmitButton
              className="btn btn-primary"
              busy={form.busy}
              busyLabel={t('auth.checking')}
            >
              {t('auth.renew.submit')}
            </SubmitButton>
          </form>
        </>
      ) : (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen(true)}>
          {t('auth.renew.start')}
        </button>
      )}
    </section>
  );
}
