import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StaffInvite } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { createInvites, invitesKey, invitesOptions, revokeInvite } from '../api/catalogue';
import {
  CatalogueFrame,
  CatalogueTable,
  ListSection,
  RowAction,
  useDate,
  useRowAction,
} from '../components/CatalogueFrame';
import { otherProblems } from '../model/problems';
import { optionalNumber } from '../model/values';
import { useSave } from '../hooks/useSave';
import { InputField } from '../components/fields';
import { FormActions } from '../components/ItemForm';
import '../catalogue.scss';

/**
 * Invite codes (admins): make random codes (a number of them) or one chosen code, valid for
 * some days or for ever; the list shows each code's state, and an open code can be revoked.
 */
export function InvitesPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(invitesOptions());
  return (
    <CatalogueFrame screen="invites">
      <InviteForm />
      <ListSection
        heading={t('catalogue.invites.list')}
        query={query}
        items={(data) => data.invites}
        empty={t('catalogue.invites.empty')}
      >
        {(invites) => <InviteList invites={invites} />}
      </ListSection>
    </CatalogueFrame>
  );
}

function InviteForm() {
  const { t } = useAdminTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [count, setCount] = useState('1');
  const [days, setDays] = useState('');
  const [made, setMade] = useState<string[]>([]);
  const save = useSave(createInvites, {
    list: invitesKey,
    onSaved: ({ invites }) => {
      setMade(invites.map((invite) => invite.code));
      setCode('');
      setCount('1');
      setDays('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = save.send({
      ...(code.trim() ? { code: code.trim() } : {}),
      count: optionalNumber(count) ?? 1,
      expires_in_days: optionalNumber(days),
    });
    if (sent) setMade([]);
  };
  return (
    <form className="card card-body" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="h5" id={`${id}-title`}>
        {t('catalogue.invites.create')}
      </h2>
      <div className="row g-3">
        <InputField
          id={`${id}-code`}
          label={t('catalogue.invites.code')}
          problem={save.problem('code')}
          hint={t('catalogue.invites.codeHint')}
          className="col-12 col-md-4"
          value={code}
          maxLength={64}
          autoComplete="off"
          onChange={setCode}
        />
        <InputField
          id={`${id}-count`}
          label={t('catalogue.invites.count')}
          problem={save.problem('count')}
          className="col-6 col-md-4"
          type="number"
          min={1}
          max={100}
          value={count}
          disabled={code.trim() !== ''}
          onChange={setCount}
        />
        <InputField
          id={`${id}-days`}
          label={t('catalogue.invites.days')}
          problem={save.problem('expires_in_days')}
          hint={t('catalogue.invites.daysHint')}
          className="col-6 col-md-4"
          type="number"
          min={1}
          max={365}
          value={days}
          onChange={setDays}
        />
      </div>
      <FormActions
        pending={save.pending}
        submitLabel={t('catalogue.invites.submit')}
        status={
          made.length > 0 &&
          t('catalogue.invites.made', { count: made.length, codes: made.join(', ') })
        }
        problem={otherProblems(save.problems, ['code', 'count', 'expires_in_days'])}
      />
    </form>
  );
}

const STATE_BADGE: Record<StaffInvite['state'], string> = {
  open: 'text-bg-success',
  used: 'text-bg-secondary',
  expired: 'text-bg-warning',
  revoked: 'text-bg-danger',
};

function InviteList({ invites }: { invites: StaffInvite[] }) {
  const { t } = useAdminTranslation();
  const date = useDate();
  const revoke = useRowAction(revokeInvite, invitesKey);
  const label = (key: string) => t(`catalogue.invites.columns.${key}`);
  return (
    <CatalogueTable columns={['code', 'state', 'expires', 'created'].map(label)} action={revoke}>
      {invites.map((invite) => (
        <tr role="row" key={invite.id}>
          <td role="cell" data-label={label('code')} className="admin-catalogue__code">
            {invite.code}
          </td>
          <td role="cell" data-label={label('state')}>
            <span className={`badge ${STATE_BADGE[invite.state]}`}>
              {t(`catalogue.invites.states.${invite.state}`)}
            </span>
          </td>
          <td role="cell" data-label={label('expires')}>
            {invite.expires_at ? date(invite.expires_at) : t('catalogue.invites.never')}
          </td>
          <td role="cell" data-label={label('created')}>
            {date(invite.created_at)}
          </td>
          <td role="cell" className="text-end">
            {invite.state === 'open' && (
              <RowAction
                label={t('catalogue.invites.revoke')}
                name={t('catalogue.invites.revokeCode', { code: invite.code })}
                pending={revoke.isPending}
                onClick={() => revoke.mutate(invite.id)}
              />
            )}
          </td>
        </tr>
      ))}
    </CatalogueTable>
  );
}
