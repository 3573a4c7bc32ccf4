import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { inboxQueryOptions } from '../api/partners';
import { FictionalBadge } from './FictionalBadge';
import { NextConversationButton } from '../operator-tools';
import { useWaited } from './waited';

/**
 * The operators' inbox: conversations waiting for a chat partner's reply, longest wait first,
 * reloaded live ('queue:changed' on the staff socket). A member asking whether a real person
 * writes is marked; a conversation another operator holds says who.
 */
export function InboxPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(inboxQueryOptions());
  const waited = useWaited();
  return (
    <AdminPage
      title={t('partners.inbox.title')}
      intro={t('partners.inbox.intro')}
      actions={
        <div className="d-flex flex-wrap align-items-start gap-2">
          {query.data && (
            <p className="badge text-bg-primary fs-6 mb-0" aria-live="polite">
              {query.data.waiting_capped
                ? t('partners.inbox.waitingCapped', { count: query.data.waiting })
                : t('partners.inbox.waiting', { count: query.data.waiting })}
            </p>
          )}
          <NextConversationButton />
        </div>
      }
    >
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.conversations.length === 0 ? (
        <AdminEmpty>{t('partners.inbox.none')}</AdminEmpty>
      ) : (
        <ol className="list-group admin-inbox">
          {query.data.conversations.map((c) => (
            <li
              key={c.conversation_id}
              className={`list-group-item d-flex flex-wrap gap-2 align-items-center${
                c.asks_real ? ' admin-inbox__asks-real' : ''
              }`}
            >
              <div className="me-auto">
                <Link
                  to={`/admin/inbox/${c.conversation_id}`}
                  className="fw-semibold stretched-link-sm"
                >
                  {t('partners.inbox.pair', { member: c.member.name, partner: c.partner.name })}
                </Link>{' '}
                <FictionalBadge />
                <p className="mb-0 small text-body-secondary text-break">
                  {c.preview ?? t('partners.inbox.noText')}
                </p>
                {c.asks_real && (
                  <p className="mb-0 small fw-semibold text-danger-emphasis">
                    ⚠️ {t('partners.honesty.asks')}
                  </p>
                )}
              </div>
              <div className="text-end small">
                <div>{waited(c.waiting_since)}</div>
                {c.lock && (
                  <div className="text-body-secondary">
                    🔒{' '}
                    {c.lock.mine
                      ? t('partners.lock.mine')
                      : t('partners.lock.other', { name: c.lock.operator.name })}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
