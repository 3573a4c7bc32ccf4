import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** When false, neither the backdrop nor Escape closes the modal (e.g. signup in progress). */
  dismissible?: boolean;
  size?: 'sm' | 'lg' | 'xl';
  children: ReactNode;
  footer?: ReactNode;
}

/** A Bootstrap modal driven by React state, for the site's popups. */
export function Modal({
  open,
  title,
  onClose,
  dismissible = true,
  size,
  children,
  footer,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissible) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
    };
  }, [open, dismissible, onClose]);

  if (!open) return null;
  return (
    <>
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => {
          if (dismissible && event.target === event.currentTarget) onClose();
        }}
      >
        <div className={`modal-dialog modal-dialog-centered${size ? ` modal-${size}` : ''}`}>
          <div className="modal-content border-0 shadow-lg rounded-4">
            <div className="modal-header border-0">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              {dismissible && (
                <button
                  type="button"
                  className="btn-close"
                  aria-label={t('common.close')}
                  onClick={onClose}
                />
              )}
            </div>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer border-0">{footer}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
