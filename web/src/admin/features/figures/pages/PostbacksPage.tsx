import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLICK_ID_PARAMS,
  POSTBACK_EVENTS,
  POSTBACK_MACROS,
  type AffiliateNetwork,
  type AffiliateNetworkInput,
} from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminField,
  AdminLoading,
  AdminPage,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  deleteNetwork,
  invalidateNetworks,
  networksQueryOptions,
  postbackLogQueryOptions,
  saveNetwork,
} from '../api/figures';

const EMPTY: Required<AffiliateNetworkInput> = {
  network: '',
  postback_url: '',
  click_id_param: 'sub1',
  events: [...POSTBACK_EVENTS],
  enabled: true,
};

/**
 * The affiliate networks' postbacks (admins): per network the URL template the worker calls on
 * a signup, activation and first purchase, and the log of what was sent (status, attempts, the
 * network's last answer).
 */
export function PostbacksPage() {
  const { t } = useAdminTranslation();
  const networks = useQuery(networksQueryOptions());
  const log = useQuery(postbackLogQueryOptions());
  const [editing, setEditing] = useState<{
    id: number | null;
    form: Required<AffiliateNetworkInput>;
  } | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (value: { id: number | null; form: AffiliateNetworkInput }) =>
      saveNetwork(value.id, value.form),
    onSuccess: () => {
      setEditing(null);
      return invalidateNetworks(queryClient);
    },
  });
  const remove = useMutation({
    mutationFn: deleteNetwork,
    onSuccess: () => invalidateNetworks(queryClient),
  });
  const edit = (network: AffiliateNetwork | null) => {
    save.reset();
    setEditing(
      network
        ? {
            id: network.id,
            form: {
              network: network.network,
              postback_url: network.postback_url,
              click_id_param: network.click_id_param,
              events: network.events,
              enabled: network.enabled,
            },
          }
        : { id: null, form: { ...EMPTY } },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) save.mutate(editing);
  };
  const set = (change: Partial<AffiliateNetworkInput>) =>
    setEditing((e) => (e ? { ...e, form: { ...e.form, ...change } } : e));
  return (
    <AdminPage
      title={t('figures.postbacks.title')}
      intro={t('figures.postbacks.intro', {
        macros: POSTBACK_MACROS.map((m) => `{${m}}`).join(' '),
      })}
      actions={
        <Link className="btn btn-sm btn-outline-primary" to="/admin/figures/traffic">
          {t('figures.traffic.title')}
        </Link>
      }
    >
      <section className="card mb-3" aria-labelledby="postback-networks">
        <div className="card-body">
          <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
            <h2 className="h5 mb-0 me-auto" id="postback-networks">
              {t('figures.postbacks.networks')}
            </h2>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => edit(null)}>
              {t('figures.postbacks.add')}
            </button>
          </div>
          {networks.isPending ? (
            <AdminLoading />
          ) : networks.isError ? (
            <AdminError error={networks.error} onRetry={() => void networks.refetch()} />
          ) : networks.data.networks.length === 0 ? (
            <AdminEmpty>{t('figures.postbacks.noNetworks')}</AdminEmpty>
          ) : (
            <ul className="list-group mb-2">
              {networks.data.networks.map((network) => (
                <li
                  key={network.id}
                  className="list-group-item d-flex flex-wrap gap-2 align-items-center"
                >
                  <div className="me-auto text-break">
                    <strong>{network.network}</strong>{' '}
                    {!network.enabled && (
                      <span className="badge text-bg-secondary">{t('figures.postbacks.off')}</span>
                    )}
                    <code className="d-block small">{network.postback_url}</code>
                    <span className="small text-body-secondary">
                      {t('figures.postbacks.clickIdIn', { field: network.click_id_param })} ·{' '}
                      {network.events.map((e) => t(`figures.postbacks.events.${e}`)).join(', ')}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => edit(network)}
                  >
                    {t('figures.postbacks.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          t('figures.postbacks.confirmDelete', { network: network.network }),
                        )
                      )
                        remove.mutate(network.id);
                    }}
                  >
                    {t('figures.postbacks.delete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {editing && (
            <form
              className="row g-2 border-top pt-2"
              onSubmit={submit}
              aria-label={t('figures.postbacks.form')}
            >
              <AdminField
                className="col-12 col-md-4"
                label={t('figures.postbacks.network')}
                value={editing.form.network}
                required
                maxLength={100}
                onChange={(e) => set({ network: e.target.value })}
              />
              <AdminField
                className="col-12 col-md-8"
                label={t('figures.postbacks.url')}
                value={editing.form.postback_url}
                required
                maxLength={2000}
                placeholder="https://network.example/postback?click={click_id}&event={event}&id={event_id}"
                onChange={(e) => set({ postback_url: e.target.value })}
              />
              <AdminSelect
                className="col-6 col-md-4"
                label={t('figures.postbacks.clickIdParam')}
                value={editing.form.click_id_param}
                options={CLICK_ID_PARAMS.map((value) => ({ value, label: value }))}
                onChange={(value) =>
                  set({ click_id_param: value as AffiliateNetworkInput['click_id_param'] })
                }
              />
              <fieldset className="col-12 col-md-8">
                <legend className="form-label small fw-semibold">
                  {t('figures.postbacks.eventsLabel')}
                </legend>
                {POSTBACK_EVENTS.map((event) => (
                  <div key={event} className="form-check form-check-inline">
                    <input
                      id={`postback-event-${event}`}
                      className="form-check-input"
                      type="checkbox"
                      checked={editing.form.events.includes(event)}
                      onChange={(e) =>
                        set({
                          events: e.target.checked
                            ? [...editing.form.events, event]
                            : editing.form.events.filter((x) => x !== event),
                        })
                      }
                    />
                    <label className="form-check-label" htmlFor={`postback-event-${event}`}>
                      {t(`figures.postbacks.events.${event}`)}
                    </label>
                  </div>
                ))}
                <div className="form-check form-check-inline">
                  <input
                    id="postback-enabled"
                    className="form-check-input"
                    type="checkbox"
                    checked={editing.form.enabled}
                    onChange={(e) => set({ enabled: e.target.checked })}
                  />
                  <label className="form-check-label" htmlFor="postback-enabled">
                    {t('figures.postbacks.enabled')}
                  </label>
                </div>
              </fieldset>
              {save.isError && (
                <div className="col-12">
                  <AdminError error={save.error} />
                </div>
              )}
              <div className="col-12 d-flex gap-2">
                <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                  {t('figures.postbacks.save')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => setEditing(null)}
                >
                  {t('figures.postbacks.cancel')}
                </button>
              </div>
            </form>
          )}
        </div>
      </section>
      <section className="card" aria-labelledby="postback-log">
        <div className="card-body">
          <h2 className="h5" id="postback-log">
            {t('figures.postbacks.log')}
          </h2>
          {log.isPending ? (
            <AdminLoading />
          ) : log.isError ? (
            <AdminError error={log.error} onRetry={() => void log.refetch()} />
          ) : log.data.postbacks.length === 0 ? (
            <AdminEmpty>{t('figures.postbacks.noLog')}</AdminEmpty>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm small mb-0">
                <thead>
                  <tr>
                    <th scope="col">{t('figures.postbacks.at')}</th>
                    <th scope="col">{t('figures.postbacks.network')}</th>
                    <th scope="col">{t('figures.postbacks.event')}</th>
                    <th scope="col">{t('figures.postbacks.member')}</th>
                    <th scope="col">{t('figures.postbacks.status')}</th>
                    <th scope="col" className="text-end">
                      {t('figures.postbacks.attempts')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('figures.postbacks.code')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.postbacks.map((entry) => (
                    <tr key={entry.id}>
                      <td className="text-nowrap">{new Date(entry.created_at).toLocaleString()}</td>
                      <td className="text-break">{entry.network}</td>
                      <td>{t(`figures.postbacks.events.${entry.event}`)}</td>
                      <td>
                        <Link to={`/admin/members/${entry.member_id}`}>#{entry.member_id}</Link>
                      </td>
                      <td title={entry.last_error ?? undefined}>
                        {t(`figures.postbacks.statuses.${entry.status}`)}
                      </td>
                      <td className="text-end">{entry.attempts}</td>
                      <td className="text-end">{entry.last_status_code ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </AdminPage>
  );
}
