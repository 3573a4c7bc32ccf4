import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import type { PhotoCropDialogProps } from './PhotoCropDialog';

type DialogModule = { default: ComponentType<PhotoCropDialogProps> };
let dialogModule: Promise<DialogModule> | null = null;

/** The crop step's code (react-easy-crop with it) is fetched when a photo is first chosen. */
function loadDialog(): Promise<DialogModule> {
  if (!dialogModule) {
    dialogModule = import('./PhotoCropDialog');
    void dialogModule.catch(() => {
      dialogModule = null;
    });
  }
  return dialogModule;
}

/** Whether this browser can crop at all (decode a file into a bitmap it can draw). */
export function browserCanCrop(): boolean {
  return typeof window !== 'undefined' && typeof window.createImageBitmap === 'function';
}

export interface CropQueue {
  files: { id: string; file: File }[];
  /** How many were chosen together (for "2 of 3"). */
  total: number;
}

export interface CropStepProps extends Omit<PhotoCropDialogProps, 'file' | 'index' | 'total'> {
  queue: CropQueue;
}

/**
 * The crop step for the first of the chosen files, loaded on demand. If its code cannot be
 * loaded (offline, say), the files are uploaded as they are, as before there was a crop step.
 */
export function CropStep({ queue, ...handlers }: CropStepProps) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<ComponentType<PhotoCropDialogProps> | null>(null);
  const current = queue.files[0];
  const waiting = current !== undefined && Dialog === null;
  const uploadRest = useRef(handlers.onUnchangedRest);
  useEffect(() => {
    uploadRest.current = handlers.onUnchangedRest;
  });

  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void loadDialog().then(
      (module) => live && setDialog(() => module.default),
      () => live && uploadRest.current(),
    );
    return () => {
      live = false;
    };
  }, [waiting]);

  if (!current) return null;
  if (!Dialog) {
    return (
      <Modal open title={t('photos.crop.title')} onClose={handlers.onCancel}>
        <div className="photo-crop">
          <div className="photo-crop__loading" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('photos.crop.loading')}
          </div>
        </div>
      </Modal>
    );
  }
  return (
    <Dialog
      key={current.id}
      file={current.file}
      index={queue.total - queue.files.length + 1}
      total={queue.total}
      {...handlers}
    />
  );
}
