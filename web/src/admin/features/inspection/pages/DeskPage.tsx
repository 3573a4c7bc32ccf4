import { InspectionTabs } from '../InspectionTabs';
import type { ReactNode } from 'react';
import type { InspectedMember } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import type { InspectionDesk, LastDecision } from '../useInspectionDesk';
import { DeskActions, DeskStats, KeyHelp, MemberPanel, UndoBar } from './Desk';
import '../inspection.scss';

/**
 * A desk's page, photos and texts alike: the queue's figures in the header, the two desks'
 * tabs, the last decision with its undo, the loading, empty and error states, and the item with
 * its decision buttons beside the member. The page gives its texts and draws only its item.
 */
export function DeskPage<T extends { id: number; member: InspectedMember }>({
  desk,
  title,
  intro,
  empty,
  reasonText,
  describe,
  label,
  after,
  children,
}: {
  desk: InspectionDesk<T>;
  title: string;
  intro: string;
  empty: string;
  reasonText: (reason: string) => string;
  describe: (last: LastDecision<T>) => string;
  /** The item's section, for assistive technology. */
  label: (item: T) => string;
  /** What follows the desk on its page (the photo desk: the flagged chat photos). */
  after?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const { t } = useAdminTranslation();
  const item = desk.current;
  return (
    <AdminPage title={title} intro={intro} actions={<DeskStats stats={desk.stats} />}>
      <InspectionTabs />
      <UndoBar last={desk.last} seconds={desk.undoSeconds} onUndo={desk.undo} describe={describe} />
      {desk.error !== null && desk.state !== 'error' && (
        <div className="alert alert-warning mt-2" role="alert">
          {t('inspection.decisionFailed')}
        </div>
      )}
      {desk.state === 'loading' && <AdminLoading />}
      {desk.state === 'error' && <AdminError error={desk.error} onRetry={desk.retry} />}
      {desk.state === 'empty' && <AdminEmpty>{empty}</AdminEmpty>}
      {desk.state === 'ready' && item && (
        <div className="inspection-desk">
          <section className="inspection-item" aria-label={label(item)}>
            {children(item)}
            <DeskActions
              reasons={desk.reasons}
              reasonText={reasonText}
              onApprove={desk.approve}
              onReject={desk.reject}
              disabled={false}
            />
            <KeyHelp reasons={desk.reasons.length} />
          </section>
          <MemberPanel member={item.member} />
        </div>
      )}
      {after}
    </AdminPage>
  );
}
