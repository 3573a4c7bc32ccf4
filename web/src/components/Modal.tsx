import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** When false, neither the backdrop nor Escape closes the modal (e.g. signup in progress). */
  dismissible?: boolean;
  size?: 'sm' | 'lg' | 'xl';
  /** What gets the focus on opening; else its first button, link or field (the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The site's popups: Bootstrap's modal look on the browser's own modal <dialog> (Dialog: the
 * focus kept inside and given back on closing, the page behind it inert).
 */
export function Modal({
  open,
  title,
  onClose,
  dismissible = true,
  size,
  initialFocus,
  children,
  footer,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();

  if (!open) return null;
  return (
    <Dialog
      className="modal"
      labelledBy={titleId}
      onClose={onClose}
      dismissible={dismissible}
      initialFocus={initialFocus}
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
    </Dialog>
  );
}
