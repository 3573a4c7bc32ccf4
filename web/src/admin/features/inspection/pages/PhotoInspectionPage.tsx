import { useCallback } from 'react';
import { NavLink } from 'react-router';
import { PHOTO_REJECT_REASONS, type InspectionPhoto } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { claimNext } from '../api';
import { useDeskKeys, useInspectionDesk } from '../useInspectionDesk';
import { DeskActions, DeskStats, KeyHelp, MemberPanel, UndoBar } from './Desk';
import '../inspection.scss';

const claimPhoto = async (exclude: number[]) => (await claimNext('photos', exclude)).photo;
/** The photo ahead is loaded by the browser before it is shown. */
const preload = (photo: InspectionPhoto) => {
  const image = new Image();
  image.src = photo.full_url;
};

/**
 * Photo inspection (moderators): the oldest photo large, the member beside it; A approves, 1 to
 * 7 reject with that reason, U undoes the last decision for a few seconds; the next photo is
 * claimed ahead and shows at once. The count and the oldest wait stay in view.
 */
export function PhotoInspectionPage() {
  const { t } = useAdminTranslation();
  const desk = useInspectionDesk<InspectionPhoto>('photos', claimPhoto, preload);
  const reasonText = useCallback((reason: string) => t(`inspection.photoReasons.${reason}`), [t]);
  const approve = useCallback(() => void desk.decide('approve'), [desk]);
  const reject = useCallback(
    (index: number) => void desk.decide('reject', PHOTO_REJECT_REASONS[index]),
    [desk],
  );
  const undo = useCallback(() => void desk.undo(), [desk]);
  useDeskKeys({ approve, reject, undo, reasons: PHOTO_REJECT_REASONS.length });
  const photo = desk.current;
  return (
    <AdminPage
      title={t('inspection.photosTitle')}
      intro={t('inspection.photosIntro')}
      actions={<DeskStats stats={desk.stats.data?.photos} />}
    >
      <InspectionTabs />
      <UndoBar
        last={desk.last}
        seconds={desk.undoSeconds}
        onUndo={undo}
        describe={(last) =>
          last.action === 'approve'
            ? t('inspection.lastApproved', { id: last.item.id, name: last.item.member.name })
            : t('inspection.lastRejected', {
                id: last.item.id,
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
      {desk.state === 'empty' && <AdminEmpty>{t('inspection.photosEmpty')}</AdminEmpty>}
      {desk.state === 'ready' && photo && (
        <div className="inspection-desk">
          <section
            className="inspection-item"
            aria-label={t('inspection.photoUnder', { id: photo.id })}
          >
            <figure className="inspection-photo mb-2">
              <img
                key={photo.id}
                src={photo.full_url}
                alt={t('inspection.photoOf', { name: photo.member.name, id: photo.id })}
                width={photo.width}
                height={photo.height}
                data-testid="inspection-photo"
                data-photo-id={photo.id}
              />
              <figcaption className="small text-body-secondary">
                {t('inspection.uploaded', {
                  when: new Date(photo.created_at).toLocaleString(),
                  id: photo.id,
                })}
              </figcaption>
            </figure>
            <DeskActions
              reasons={PHOTO_REJECT_REASONS}
              reasonText={reasonText}
              onApprove={approve}
              onReject={reject}
              disabled={false}
            />
            <KeyHelp reasons={PHOTO_REJECT_REASONS.length} />
          </section>
          <MemberPanel member={photo.member} />
        </div>
      )}
    </AdminPage>
  );
}

/** Photos and profile texts, the area's two desks. */
export function InspectionTabs() {
  const { t } = useAdminTranslation();
  return (
    <nav className="nav nav-pills mb-3" aria-label={t('inspection.desks')}>
      <NavLink end to="/admin/inspection" className="nav-link">
        {t('inspection.photosTab')}
      </NavLink>
      <NavLink to="/admin/inspection/texts" className="nav-link">
        {t('inspection.textsTab')}
      </NavLink>
    </nav>
  );
}
