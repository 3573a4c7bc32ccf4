/**
 * The crop step before an upload (loaded only when a member chooses a photo): the photo in the
 * profile card's shape (react-easy-crop: drag, pinch, the arrow keys on the crop area, a zoom
 * slider), turned a quarter left or right, then drawn cropped on a canvas and handed back as a
 * JPEG. A photo the browser cannot draw (HEIC in most browsers) is handed back as it was.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Cropper, { type Area as CropperArea } from 'react-easy-crop';
import { PHOTO_MIN_SIDE } from '../../../config/constants';
import { Modal } from '../../../components/Modal';
import {
  CROP_ASPECT,
  croppedName,
  maxZoom,
  renderCrop,
  turned,
  type Area,
  type Rotation,
} from './crop-image';

export interface PhotoCropDialogProps {
  file: File;
  /** Which of the chosen files this is (1-based) and how many there are. */
  index: number;
  total: number;
  /** The cropped photo, to upload. */
  onCropped: (file: File) => void;
  /** The photo to upload as it was: skipped by the member, or one the browser cannot draw. */
  onUnchanged: (file: File, undrawable: boolean) => void;
  /** Upload this one and the files after it as they are. */
  onUnchangedRest: () => void;
  /** Not this photo after all. */
  onCancel: () => void;
}

interface Loaded {
  url: string;
  image: HTMLImageElement;
  width: number;
  height: number;
}

export default function PhotoCropDialog(props: PhotoCropDialogProps) {
  const { t } = useTranslation();
  const { file, index, total } = props;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const hintId = useId();
  const zoomId = useId();
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  // decoded first: what the browser cannot draw skips the step (and is uploaded as before)
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    let live = true;
    void image.decode().then(
      () => {
        if (!live) return;
        if (image.naturalWidth === 0 || image.naturalHeight === 0) {
          callbacks.current.onUnchanged(file, true);
          return;
        }
        setLoaded({ url, image, width: image.naturalWidth, height: image.naturalHeight });
      },
      () => {
        if (live) callbacks.current.onUnchanged(file, true);
      },
    );
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  const zoomMax = loaded ? maxZoom(loaded, rotation, PHOTO_MIN_SIDE) : 1;

  const turn = (by: 90 | -90) => {
    setRotation((r) => turned(r, by));
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };

  const save = async () => {
    if (!loaded || !area) return;
    setBusy(true);
    setFailed(false);
    try {
      const blob = await renderCrop(loaded.image, loaded, area, rotation);
      props.onCropped(new File([blob], croppedName(file.name), { type: 'image/jpeg' }));
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const title = total > 1 ? t('photos.crop.titleOf', { index, total }) : t('photos.crop.title');

  return (
    <Modal
      open
      title={title}
      onClose={props.onCancel}
      footer={
        <div className="d-flex flex-wrap gap-2 w-100 justify-content-end">
          {total > 1 && index < total && (
            <button
              type="button"
              className="btn btn-link me-auto px-0"
              onClick={props.onUnchangedRest}
              disabled={busy}
            >
              {t('photos.crop.skipRest')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-light"
            onClick={() => props.onUnchanged(file, false)}
            disabled={busy}
          >
            {t('photos.crop.skip')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void save()}
            disabled={!area || busy}
            data-testid="crop-save"
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('photos.crop.save')}
          </button>
        </div>
      }
    >
      <p className="small text-body-secondary" id={hintId}>
        {t('photos.crop.hint')}
      </p>
      <div className="photo-crop mb-3" ref={container} data-testid="photo-crop">
        {loaded ? (
          <Cropper
            image={loaded.url}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={CROP_ASPECT}
            minZoom={1}
            maxZoom={zoomMax}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area: CropperArea, pixels: CropperArea) => setArea(pixels)}
            onMediaLoaded={() =>
              requestAnimationFrame(() =>
                container.current?.querySelector<HTMLElement>('[data-testid="cropper"]')?.focus(),
              )
            }
            mediaProps={{ alt: t('photos.crop.photoAlt', { name: file.name }) }}
            cropperProps={{
              role: 'group',
              'aria-label': t('photos.crop.area'),
              'aria-describedby': hintId,
            }}
          />
        ) : (
          <div className="photo-crop__loading" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('photos.crop.loading')}
          </div>
        )}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => turn(-90)}
          disabled={!loaded || busy}
        >
          <span aria-hidden="true">↺ </span>
          {t('photos.crop.rotateLeft')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => turn(90)}
          disabled={!loaded || busy}
          data-testid="rotate-right"
        >
          <span aria-hidden="true">↻ </span>
          {t('photos.crop.rotateRight')}
        </button>
        <div className="d-flex align-items-center gap-2 flex-grow-1 photo-crop__zoom">
          <label htmlFor={zoomId} className="small mb-0">
            {t('photos.crop.zoom')}
          </label>
          <input
            id={zoomId}
            type="range"
            className="form-range"
            min={1}
            max={zoomMax}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            disabled={!loaded || busy || zoomMax <= 1}
          />
        </div>
      </div>
      {failed && (
        <div className="alert alert-danger small mt-3 mb-0" role="alert">
          {t('photos.crop.failed')}
        </div>
      )}
    </Modal>
  );
}
