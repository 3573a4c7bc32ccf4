import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { StaffCampaign } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { campaignsOptions } from '../api/campaigns';
import { useDateTime } from './format';

/** Admins: the campaigns, newest first, with what became of their mails. */
export function CampaignsPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(campaignsOptions());
  return (
    <AdminPage
      title={t('campaigns.title')}
      intro={t('campaigns.intro')}
      actions={
        <Link to="/admin/campaigns/new" className="btn btn-primary">
          {t('campaigns.new')}
        </Link>
      }
    >
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.campaigns.length === 0 ? (
        <AdminEmpty>{t('campaigns.empty')}</AdminEmpty>
      ) : (
        <CampaignList campaigns={query.data.campaigns} />
      )}
    </AdminPage>
  );
}

function CampaignList({ campaigns }: { campaigns: StaffCampaign[] }) {
  const { t } = useAdminTranslation();
  const date = useDateTime();
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="visually-hidden">{t('campaigns.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('campaigns.name')}</th>
            <th scope="col">{t('campaigns.status')}</th>
            <th scope="col">{t('campaigns.consent')}</th>
            <th scope="col">{t('campaigns.scheduledAt')}</th>
            <th scope="col">{t('campaigns.counts.sent')}</th>
            <th scope="col">{t('campaigns.counts.bounced')}</th>
            <th scope="col">{t('campaigns.counts.unsubscribed')}</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <tr key={c.id}>
              <td>
                <Link to={`/admin/campaigns/${c.id}`}>{c.name}</Link>
              </td>
              <td>{t(`campaigns.statuses.${c.status}`)}</td>
              <td>{t(`campaigns.consents.${c.consent}`)}</td>
              <td>{date(c.scheduled_at)}</td>
              <td>
                {c.counts.sent} / {c.counts.selected}
              </td>
              <td>{c.counts.bounced}</td>
              <td>{c.counts.unsubscribed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
