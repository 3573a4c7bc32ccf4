import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnPhoto } from '@app/contract';
import { PHOTO_MAX_BYTES, PREMIUM_MAX_PHOTOS } from '../../../config/constants';
import { useOwnPhotos, usePhotoActions } from '../api/photos';
import { useUser } from '../../../api/user';
import { Modal } from '../../../components/Modal';
import { usePhotoUploads, type PendingUpload } from '../usePhotoUploads';
import { browserCanCrop, CropStep, type CropQueue } from '../crop/CropStep';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif,.avif';
const NO_CROP: CropQueue = { files: [], total: 0 };
let cropSequence = 0;

/**
 * The member's photos in the profile editor: upload (drag and drop or the file picker, several
 * at once, progress and retry per file), the state of each photo (under inspection, active,
 * rejected with the moderator's reason), main photo choice, delete with confirmation, and the
 * 3 / 25 limit with a clear message. Each chosen photo first passes the crop step (crop to the
 * profile card's shape, turn a quarter), which the member may skip; a photo the browser cannot
 * draw (HEIC in most browsers) is uploaded as it is, and the member is told.
 */
export function PhotoManager() {
  const { t } = useTranslation();
  const { user } = useUser();
  const photos = useOwnPhotos();
  const { setMain, remove } = usePhotoActions();
  const { uploads, add, retry, dismiss } = usePhotoUploads();
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<OwnPhoto | null>(null);
  const [cropping, setCropping] = useState<CropQueue>(NO_CROP);
  /** The names of the photos uploaded without the crop step because the browser cannot draw them. */
  const [undrawable, setUndrawable] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();

  const list = photos.data?.photos ?? [];
  const max = photos.data?.max_photos ?? 0;
  const busy = uploads.filter((u) => u.state !== 'failed').length;
  const free = Math.max(0, max - list.length);
  const full = photos.isSuccess && free - busy - cropping.files.length <= 0;

  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files);
    if (input.current) input.current.value = '';
    setUndrawable([]);
    if (!browserCanCrop()) {
      add(chosen, free);
      return;
    }
    // the crop step for those that fit; a file too large or beyond the free places is refused
    // at once, with its reason, as before
    const room = Math.max(0, free - busy - cropping.files.length);
    const editable = chosen.filter((file) => file.size <= PHOTO_MAX_BYTES).slice(0, room);
    const refused = chosen.filter((file) => !editable.includes(file));
    if (refused.length > 0) add(refused, 0);
    if (editable.length === 0) return;
    setCropping((queue) => ({
      files: [
        ...queue.files,
        ...editable.map((file) => ({ id: `crop-${(cropSequence += 1)}`, file })),
      ],
      total: (queue.files.length > 0 ? queue.total : 0) + editable.length,
    }));
  };
  const nextCrop = () =>
    setCropping((queue) =>
      queue.files.length > 1 ? { ...queue, files: queue.files.slice(1) } : NO_CROP,
    );
  const uploadRestAsTheyAre = () => {
    if (cropping.files.length > 0)
      add(
        cropping.files.map((queued) => queued.file),
        free,
      );
    setCropping(NO_CROP);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!full) choose(event.dataTransfer.files);
  };

  return (
    <section
      className="card border-0 shadow-sm rounded-4 mb-4"
      aria-labelledby={headingId}
      id="photos"
    >
      <div className="card-body p-3 p-md-4">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
          <h2 className="h5 mb-0" id={headingId}>
            {t('photos.title')}
          </h2>
          {photos.isSuccess && (
            <span className="small text-body-secondary" data-testid="photo-count">
              {t('photos.count', { number: list.length, count: max })}
            </span>
          )}
        </div>
        <p className="small text-body-secondary mb-3" id={hintId}>
          {t('photos.intro')}
        </p>

        {photos.isPending && (
          <div
            className="photo-grid"
            role="status"
            aria-busy="true"
            aria-label={t('photos.loading')}
          >
            {[0, 1, 2].map((i) => (
              <div key={i} className="photo-tile photo-tile--skeleton placeholder-glow">
                <span className="placeholder w-100 h-100 rounded-3" />
              </div>
            ))}
          </div>
        )}

        {photos.isError && (
          <div
            className="alert alert-danger d-flex align-items-center justify-content-between gap-2"
            role="alert"
          >
            <span>{t('photos.loadError')}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => void photos.refetch()}
            >
              {t('photos.retryLoad')}
            </button>
          </div>
        )}

        {photos.isSuccess && (
          <>
            {list.length === 0 && uploads.length === 0 && (
              <p className="text-body-secondary small mb-3" data-testid="photos-empty">
                {t('photos.empty')}
              </p>
            )}
            {(list.length > 0 || uploads.length > 0) && (
              <ul className="photo-grid list-unstyled mb-3">
                {list.map((photo) => (
                  <li key={photo.id} className="photo-tile" data-testid="own-photo">
                    <img
                      src={photo.thumb_url}
                      alt={t('photos.photoAlt')}
                      className="photo-tile__img"
                    />
                    <PhotoState photo={photo} />
                    <div className="photo-tile__actions">
                      {photo.main ? (
                        <span className="badge text-bg-primary">
                          <span aria-hidden="true">★ </span>
                          {t('photos.main')}
                        </span>
                      ) : (
                        photo.status !== 'rejected' && (
                          <button
                            type="button"
                            className="btn btn-sm btn-light"
                            disabled={setMain.isPending}
                            onClick={() => setMain.mutate(photo.id)}
                          >
                            {t('photos.makeMain')}
                          </button>
                        )
                      )}
                      <button
                        type="button"
                        className="btn btn-sm btn-light text-danger-emphasis"
                        onClick={() => setDeleting(photo)}
                        aria-label={t('photos.deleteLabel')}
                      >
                        {t('photos.delete')}
                      </button>
                    </div>
                  </li>
                ))}
                {uploads.map((upload) => (
                  <UploadTile key={upload.id} upload={upload} onRetry={retry} onDismiss={dismiss} />
                ))}
              </ul>
            )}

            {undrawable.length > 0 && (
              <div className="alert alert-info small" role="status" data-testid="crop-skipped">
                {t('photos.crop.undrawable', { names: undrawable.join(', ') })}
              </div>
            )}

            {(setMain.isError || remove.isError) && (
              <div className="alert alert-danger small" role="alert">
                {(setMain.error ?? remove.error)?.message || t('errors.generic')}
              </div>
            )}

            {full ? (
              <div
                className="alert alert-info d-flex flex-wrap align-items-center gap-2 mb-0"
                data-testid="photo-limit"
              >
                <span className="flex-grow-1">{t('photos.limitReached', { count: max })}</span>
                {!user?.paid_user && (
                  <Link to="/premium" className="btn btn-sm btn-primary">
                    {t('photos.morePhotos', { count: PREMIUM_MAX_PHOTOS })}
                  </Link>
                )}
              </div>
            ) : (
              <div
                className={`photo-drop${dragging ? ' photo-drop--active' : ''}`}
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                data-testid="photo-drop"
              >
                <span className="photo-drop__icon" aria-hidden="true">
                  📷
                </span>
                <p className="mb-2 fw-semibold">{t('photos.dropHere')}</p>
                <label className="btn btn-primary">
                  {t('photos.choose')}
                  <input
                    ref={input}
                    type="file"
                    accept={ACCEPT}
                    multiple
                    className="visually-hidden"
                    aria-describedby={hintId}
                    onChange={(event) => choose(event.target.files)}
                    data-testid="photo-input"
                  />
                </label>
                <p className="small text-body-secondary mt-2 mb-0">
                  {t('photos.rules', { max_mb: PHOTO_MAX_BYTES / 1024 / 1024 })}
                </p>
              </div>
            )}
          </>
        )}
      </div>

      <CropStep
        queue={cropping}
        onCropped={(file) => {
          add([file], free);
          nextCrop();
        }}
        onUnchanged={(file, cannotDraw) => {
          add([file], free);
          if (cannotDraw) setUndrawable((names) => [...names, file.name]);
          nextCrop();
        }}
        onUnchangedRest={uploadRestAsTheyAre}
        onCancel={nextCrop}
      />

      <Modal
        open={deleting !== null}
        title={t('photos.confirmTitle')}
        onClose={() => setDeleting(null)}
        footer={
          <>
            <button type="button" className="btn btn-light" onClick={() => setDeleting(null)}>
              {t('photos.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
              }}
            >
              {t('photos.confirmDelete')}
            </button>
          </>
        }
      >
        {deleting && (
          <div className="d-flex gap-3 align-items-center">
            <img src={deleting.thumb_url} alt="" className="rounded-3" width={72} height={72} />
            <p className="mb-0">
              {t(deleting.main ? 'photos.confirmTextMain' : 'photos.confirmText')}
            </p>
          </div>
        )}
      </Modal>
    </section>
  );
}

function PhotoState({ photo }: { photo: OwnPhoto }) {
  const { t } = useTranslation();
  if (photo.status === 'active') {
    return (
      <span className="photo-tile__state badge text-bg-success">{t('photos.status.active')}</span>
    );
  }
  if (photo.status === 'under_inspection') {
    return (
      <span className="photo-tile__state badge text-bg-warning" title={t('photos.inspectionHint')}>
        {t('photos.status.under_inspection')}
      </span>
    );
  }
  return (
    <span className="photo-tile__state photo-tile__state--rejected">
      <span className="badge text-bg-danger">{t('photos.status.rejected')}</span>
      {photo.rejected_reason && (
        <span className="photo-tile__reason small">
          {t('photos.rejectedReason', {
            // a reason of the inspection's list, in the member's language (older ones: as written)
            reason: t(`photos.rejectReasons.${photo.rejected_reason}`, {
              defaultValue: photo.rejected_reason,
            }),
          })}
        </span>
      )}
    </span>
  );
}

function UploadTile({
  upload,
  onRetry,
  onDismiss,
}: {
  upload: PendingUpload;
  onRetry: (id: string) => void;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation();
  const percent = Math.round(upload.progress * 100);
  const message =
    upload.error?.message ||
    (upload.error
      ? t(`photos.uploadErrors.${upload.error.code}`, {
          defaultValue: t('photos.uploadErrors.generic'),
          max_mb: PHOTO_MAX_BYTES / 1024 / 1024,
        })
      : '');
  return (
    <li
      className={`photo-tile photo-tile--upload${upload.state === 'failed' ? ' photo-tile--failed' : ''}`}
      data-testid="photo-upload"
    >
      <img src={upload.preview} alt="" className="photo-tile__img" />
      <div className="photo-tile__overlay">
        <span className="small text-truncate d-block fw-semibold" title={upload.file.name}>
          {upload.file.name}
        </span>
        {upload.state === 'failed' ? (
          <>
            <span className="small d-block" role="alert">
              {message}
            </span>
            <div className="d-flex gap-1 mt-1">
              {upload.error?.code !== 'photo_limit_reached' && (
                <button
                  type="button"
                  className="btn btn-sm btn-light"
                  onClick={() => onRetry(upload.id)}
                >
                  {t('photos.retry')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-light"
                onClick={() => onDismiss(upload.id)}
              >
                {t('photos.dismiss')}
              </button>
            </div>
          </>
        ) : (
          <div
            className="progress mt-1"
            role="progressbar"
            aria-label={t('photos.progress', { name: upload.file.name })}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div
              className="progress-bar progress-bar-striped progress-bar-animated"
              style={{ width: `${Math.max(percent, 4)}%` }}
            >
              {upload.state === 'waiting' ? t('photos.waiting') : `${percent}%`}
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
