import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_ROLES,
  type CreatedStaffAccountResponse,
  type StaffAccount,
  type StaffRoleName,
} from '@app/contract';
import { staffMeQueryOptions } from '../../../shared/api';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  createStaffAccount,
  setStaffRoles,
  staffAccountCommand,
  staffAccountsKey,
  staffAccountsQueryOptions,
  type StaffAccountCommand,
} from '../api/staff';

/**
 * Staff accounts (admins): the list, a new account (its password shown once), roles, disable
 * and enable, a reset of the second factor. The server audits each change and keeps an admin.
 */
export function StaffPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(staffAccountsQueryOptions());
  return (
    <AdminPage title={t('staff.title')} intro={t('staff.intro')}>
      <CreateForm />
      <h2 className="h5 mt-4 mb-2">{t('staff.listTitle')}</h2>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.accounts.length === 0 ? (
        <AdminEmpty>{t('staff.none')}</AdminEmpty>
      ) : (
        <ul className="list-unstyled mb-0">
          {query.data.accounts.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

function RoleChoice({
  legend,
  roles,
  onChange,
}: {
  legend: string;
  roles: StaffRoleName[];
  onChange: (roles: StaffRoleName[]) => void;
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  return (
    <fieldset>
      <legend className="form-label small fw-semibold mb-1">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {STAFF_ROLES.map((role) => (
          <div className="form-check" key={role}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-${role}`}
              checked={roles.includes(role)}
              onChange={(event) =>
                onChange(event.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
              }
            />
            <label className="form-check-label" htmlFor={`${id}-${role}`}>
              {t(`app.roles.${role}`)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function CreateForm() {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<StaffRoleName[]>(['moderator']);
  const [created, setCreated] = useState<CreatedStaffAccountResponse | null>(null);
  const create = useMutation({
    mutationFn: createStaffAccount,
    onSuccess: (answer) => {
      setCreated(answer);
      setEmail('');
      setName('');
      void queryClient.invalidateQueries({ queryKey: staffAccountsKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate({ email, roles, ...(name.trim() ? { name: name.trim() } : {}) });
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>
          {t('staff.create.title')}
        </h2>
        <form onSubmit={submit} className="row g-3 align-items-end">
          <div className="col-12 col-md-5">
            <label className="form-label small fw-semibold" htmlFor={`${id}-email`}>
              {t('staff.create.email')}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="off"
              className="form-control"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="col-12 col-md-4">
            <label className="form-label small fw-semibold" htmlFor={`${id}-name`}>
              {t('staff.create.name')}
            </label>
            <input
              id={`${id}-name`}
              className="form-control"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="col-12">
            <RoleChoice legend={t('staff.roles')} roles={roles} onChange={setRoles} />
          </div>
          <div className="col-12 d-flex flex-wrap gap-2 align-items-center">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={create.isPending || roles.length === 0}
            >
              {create.isPending ? t('staff.create.busy') : t('staff.create.submit')}
            </button>
            {roles.length === 0 && (
              <span className="small text-body-secondary">{t('staff.pickRole')}</span>
            )}
          </div>
        </form>
        {create.isError && (
          <div className="mt-3">
            <AdminError error={create.error} />
          </div>
        )}
        {created && (
          <div className="alert alert-success mt-3 mb-0" role="status">
            <p className="mb-1">{t('staff.create.done', { email: created.account.email })}</p>
            <p className="mb-1">
              {t('staff.create.password')}{' '}
              <code className="admin-password user-select-all" data-testid="one-time-password">
                {created.password}
              </code>
            </p>
            <p className="small mb-0">{t('staff.create.passwordOnce')}</p>
          </div>
        )}
      </div>
    </section>
  );
}

function AccountRow({ account }: { account: StaffAccount }) {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const me = useQuery(staffMeQueryOptions()).data?.staff;
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<StaffRoleName[]>(account.roles);
  const [confirming, setConfirming] = useState<StaffAccountCommand | null>(null);
  const done = () => void queryClient.invalidateQueries({ queryKey: staffAccountsKey });
  const saveRoles = useMutation({
    mutationFn: () => setStaffRoles(account.id, roles),
    onSuccess: () => {
      setEditing(false);
      done();
    },
  });
  const command = useMutation({
    mutationFn: (which: StaffAccountCommand) => staffAccountCommand(account.id, which),
    onSuccess: () => {
      setConfirming(null);
      done();
    },
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const error = saveRoles.error ?? command.error;
  return (
    <li className="card mb-2" aria-labelledby={`${id}-who`}>
      <div className="card-body py-2 px-3">
        <div className="d-flex flex-wrap gap-2 align-items-baseline">
          <strong id={`${id}-who`} className="text-break">
            {account.name ? `${account.name} · ` : ''}
            {account.email}
          </strong>
          {me?.id === account.id && <span className="badge text-bg-info">{t('staff.you')}</span>}
          {account.disabled && (
            <span className="badge text-bg-secondary">{t('staff.disabled')}</span>
          )}
          {account.locked && !(command.isSuccess && command.variables === 'unlock') && (
            <span className="badge text-bg-warning" data-testid="sign-in-locked">
              {t('staff.locked')}
            </span>
          )}
          <span className="ms-auto d-flex flex-wrap gap-1">
            {account.roles.map((role) => (
              <span key={role} className="badge text-bg-light border">
                {t(`app.roles.${role}`)}
              </span>
            ))}
          </span>
        </div>
        <div className="small text-body-secondary">
          {[
            account.second_factor ? t('staff.secondFactorOn') : t('staff.secondFactorOff'),
            account.last_login_at
              ? t('staff.lastLogin', { when: when.format(new Date(account.last_login_at)) })
              : t('staff.neverLoggedIn'),
          ].join(' · ')}
        </div>
        {editing ? (
          <form
            className="mt-2 d-flex flex-wrap gap-3 align-items-end"
            onSubmit={(event) => {
              event.preventDefault();
              saveRoles.mutate();
            }}
          >
            <RoleChoice legend={t('staff.roles')} roles={roles} onChange={setRoles} />
            <div className="d-flex gap-2">
              <button
                type="submit"
                className="btn btn-sm btn-primary"
                disabled={saveRoles.isPending || roles.length === 0}
              >
                {t('staff.saveRoles')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => {
                  setRoles(account.roles);
                  setEditing(false);
                }}
              >
                {t('staff.cancel')}
              </button>
            </div>
            <p className="small text-body-secondary w-100 mb-0">{t('staff.rolesEndSessions')}</p>
          </form>
        ) : confirming ? (
          <div className="mt-2 d-flex flex-wrap gap-2 align-items-center" role="group">
            <span className="small me-2">{t(`staff.confirm.${confirming}`)}</span>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              disabled={command.isPending}
              onClick={() => command.mutate(confirming)}
            >
              {t('staff.confirm.yes')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setConfirming(null)}
            >
              {t('staff.cancel')}
            </button>
          </div>
        ) : (
          <div className="mt-2 d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => {
                setRoles(account.roles);
                setEditing(true);
              }}
            >
              {t('staff.changeRoles')}
            </button>
            {account.disabled ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-success"
                onClick={() => command.mutate('enable')}
              >
                {t('staff.enable')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => setConfirming('disable')}
              >
                {t('staff.disable')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setConfirming('reset-second-factor')}
            >
              {t('staff.resetSecondFactor')}
            </button>
            {!account.disabled && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setConfirming('unlock')}
              >
                {t('staff.unlock')}
              </button>
            )}
          </div>
        )}
        {command.isSuccess && command.variables === 'unlock' && (
          <p className="small text-success mt-2 mb-0" role="status">
            {t('staff.unlocked')}
          </p>
        )}
        {error && (
          <div className="mt-2">
            <AdminError error={error} />
          </div>
        )}
      </div>
    </li>
  );
}
