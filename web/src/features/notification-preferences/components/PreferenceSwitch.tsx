import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferenceKey } from '@app/contract';
import { useUpdateNotificationPreferences } from '../api/notification-preferences';
import { serverErrorText } from '../../../api/server-error';

/**
 * One preference as a switch, saved the moment it changes: while saving it shows the new
 * position and "Opslaan…", then "Opgeslagen" or the server's refusal (the switch goes back).
 */
export function PreferenceSwitch({
  name,
  checked,
}: {
  name: NotificationPreferenceKey;
  checked: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useUpdateNotificationPreferences();
  const shown = save.isPending ? (save.variables[name] ?? checked) : checked;
  return (
    <div className="preference-switch d-flex flex-column flex-sm-row align-items-sm-start gap-sm-3 py-2">
      <div className="form-check form-switch flex-grow-1 mb-0">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={id}
          checked={shown}
          aria-describedby={`${id}-help ${id}-state`}
          // not disabled while saving (a keyboard user keeps the focus); a change meanwhile waits
          onChange={(event) => {
            if (!save.isPending) save.mutate({ [name]: event.target.checked });
          }}
          aria-busy={save.isPending || undefined}
        />
        <label className="form-check-label fw-semibold" htmlFor={id}>
          {t(`notificationSettings.items.${name}.label`)}
        </label>
        <div id={`${id}-help`} className="small text-body-secondary">
          {t(`notificationSettings.items.${name}.help`)}
        </div>
      </div>
      <div id={`${id}-state`} className="preference-switch__state small">
        <span role="status">
          {save.isPending && (
            <span className="text-body-secondary">{t('notificationSettings.saving')}</span>
          )}
          {save.isSuccess && (
            <span className="text-success fw-semibold">✓ {t('notificationSettings.saved')}</span>
          )}
        </span>
        {save.isError && (
          <span className="text-danger d-block text-wrap" role="alert">
            {serverErrorText(save.error, t)}
          </span>
        )}
      </div>
    </div>
  );
}
