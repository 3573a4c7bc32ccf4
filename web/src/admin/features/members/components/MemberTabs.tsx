import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { StaffMemberPage } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { AuditTab } from './tabs/AuditTab';
import { ComplaintsTab } from './tabs/ComplaintsTab';
import { LedgerTab } from './tabs/LedgerTab';
import { PaymentsTab } from './tabs/PaymentsTab';
import { PhotosTab } from './tabs/PhotosTab';
import { ProfileTab } from './tabs/ProfileTab';
import { SessionsTab } from './tabs/SessionsTab';
import { LinkedTab } from './tabs/LinkedTab';

const TABS = [
  'profile',
  'photos',
  'payments',
  'ledger',
  'sessions',
  'complaints',
  'linked',
  'audit',
] as const;
type Tab = (typeof TABS)[number];

/**
 * A member's records in tabs (the tab in the address, ?tab=): the profile, photos, payments,
 * credit ledger, sessions, complaints by and against them, and the audit rows about them. The
 * arrow keys move between the tabs.
 */
export function MemberTabs({ page }: { page: StaffMemberPage }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: Tab) =>
    setParams(next === 'profile' ? new URLSearchParams() : new URLSearchParams({ tab: next }), {
      replace: true,
    });
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    choose(next);
    buttons.current[TABS.indexOf(next)]?.focus();
  };
  const counts: Record<Tab, number | null> = {
    profile: null,
    photos: page.photos.length,
    payments: page.payments.length,
    ledger: page.ledger.length,
    sessions: page.sessions.length,
    complaints: page.complaints.length,
    linked: page.linked_accounts.length,
    audit: page.audit.length,
  };
  return (
    <section className="card">
      <div className="card-header">
        <div
          className="nav nav-tabs card-header-tabs admin-member__tabs"
          role="tablist"
          aria-label={t('members.tabsLabel')}
        >
          {TABS.map((name, index) => (
            <button
              key={name}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-${name}-tab`}
              aria-selected={tab === name}
              aria-controls={`${id}-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className={`nav-link${tab === name ? ' active' : ''}`}
              onClick={() => choose(name)}
              onKeyDown={onKey}
            >
              {t(`members.tabs.${name}`)}
              {counts[name] !== null && (
                <span className="badge text-bg-light ms-1">{counts[name]}</span>
              )}
            </button>
          ))}
        </div>
      </div>
      <div
        className="card-body"
        role="tabpanel"
        id={`${id}-${tab}`}
        aria-labelledby={`${id}-${tab}-tab`}
        tabIndex={0}
      >
        <TabContent tab={tab} page={page} />
      </div>
    </section>
  );
}

function TabContent({ tab, page }: { tab: Tab; page: StaffMemberPage }) {
  switch (tab) {
    case 'profile':
      return <ProfileTab profile={page.profile} />;
    case 'photos':
      return <PhotosTab photos={page.photos} />;
    case 'payments':
      return <PaymentsTab page={page} />;
    case 'ledger':
      return <LedgerTab ledger={page.ledger} />;
    case 'sessions':
      return <SessionsTab sessions={page.sessions} />;
    case 'complaints':
      return <ComplaintsTab complaints={page.complaints} />;
    case 'linked':
      return <LinkedTab linked={page.linked_accounts} />;
    case 'audit':
      return <AuditTab audit={page.audit} memberId={page.member.id} />;
  }
}
