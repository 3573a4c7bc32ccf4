import { useCallback } from 'react';
import { TEXT_REJECT_REASONS, type InspectionText } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { claimNext } from '../api';
import { useDeskKeys, useInspectionDesk } from '../useInspectionDesk';
import { DeskActions, DeskStats, KeyHelp, MemberPanel, UndoBar } from './Desk';
import { InspectionTabs } from './PhotoInspectionPage';
import '../inspection.scss';

const claimText = async (exclude: number[]) => (await claimNext('texts', exclude)).text;

/**
 * Profile text review (moderators): a changed name or about text (shown on the profile at once),
 * beside the text it replaced; A approves, 1 to 5 reject it with that reason (the previous text
 * is put back), U undoes for a few seconds.
 */
export function TextInspectionPage() {
  const { t } = useAdminTranslation();
  const desk = useInspectionDesk<InspectionText>('texts', claimText);
  const reasonText = useCallback((reason: string) => t(`inspection.textReasons.${reason}`), [t]);
  const approve = useCallback(() => void desk.decide('approve'), [desk]);
  const reject = useCallback(
    (index: number) => void desk.decide('reject', TEXT_REJECT_REASONS[index]),
    [desk],
  );
  const undo = useCallback(() => void desk.undo(), [desk]);
  useDeskKeys({ approve, reject, undo, reasons: TEXT_REJECT_REASONS.length });
  const text = desk.current;
  return (
    <AdminPage
      title={t('inspection.textsTitle')}
      intro={t('inspection.textsIntro')}
      actions={<DeskStats stats={desk.stats.data?.texts} />}
    >
      <InspectionTabs />
      <UndoBar
        last={desk.last}
        seconds={desk.undoSeconds}
        onUndo={undo}
        describe={(last) =>
          last.action === 'approve'
            ? t('inspection.lastTextApproved', { name: last.item.member.name })
            : t('inspection.lastTextRejected', {
                name: last.item.member.name,
                reason: reasonText(last.reason ?? ''),
              })
        }
      />
      {desk.error !== null && desk.state !== 'error' && (
        <div className="alert alert-warning mt-2" role="alert">
          {t('inspection.decisionFailed')}
        </div>
      )}
      {desk.state === 'loading' && <AdminLoading />}
      {desk.state === 'error' && <AdminError error={desk.error} onRetry={desk.retry} />}
      {desk.state === 'empty' && <AdminEmpty>{t('inspection.textsEmpty')}</AdminEmpty>}
      {desk.state === 'ready' && text && (
        <div className="inspection-desk">
          <section className="inspection-item" aria-label={t(`inspection.field.${text.field}`)}>
            <div className="card mb-3">
              <div className="card-body">
                <h2 className="h5">{t(`inspection.field.${text.field}`)}</h2>
                <p className="inspection-text" data-testid="inspection-text">
                  {text.text || <em>{t('inspection.emptyText')}</em>}
                </p>
                <h3 className="h6 text-body-secondary mt-3">{t('inspection.previous')}</h3>
                <p className="inspection-text inspection-text--previous small mb-0">
                  {text.previous || <em>{t('inspection.emptyText')}</em>}
                </p>
              </div>
            </div>
            <DeskActions
              reasons={TEXT_REJECT_REASONS}
              reasonText={reasonText}
              onApprove={approve}
              onReject={reject}
              disabled={false}
            />
            <KeyHelp reasons={TEXT_REJECT_REASONS.length} />
          </section>
          <MemberPanel member={text.member} />
        </div>
      )}
    </AdminPage>
  );
}
