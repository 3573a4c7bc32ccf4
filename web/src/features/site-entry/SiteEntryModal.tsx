import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/settings';
import { SITE_ENTRY_CATALOGUES, SITE_ENTRY_NS, siteEntryMessages } from './i18n';
import './site-entry.scss';

/** Where a visitor under 18 is sent. */
export const LEAVE_URL = 'https://www.google.com/';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The warning itself (its own chunk): an alert dialog the visitor answers, either continuing as
 * an adult or leaving the site. Escape and a click beside it do not count as an answer; Tab stays
 * inside, and the page behind is inert while it is open.
 */
export default function SiteEntryModal({ onProceed }: { onProceed: () => void }) {
  const ready = siteEntryMessages.useMessages(SITE_ENTRY_CATALOGUES);
  // the default namespace's hook (re-renders on a language change) with the texts read from
  // `siteEntry`: useTranslation(SITE_ENTRY_NS) would ask the backend for the namespace, which
  // answers with the main catalogue and can overwrite the texts loaded here
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(i18n.language, SITE_ENTRY_NS);
  const settings = useSettings();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const proceed = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!ready) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    document.body.classList.add('modal-open');
    proceed.current?.focus();
    return () => {
      app?.removeAttribute('inert');
      document.body.classList.remove('modal-open');
      before?.focus();
    };
  }, [ready]);

  if (!ready) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // a warning to answer: Escape neither confirms the age nor leaves
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      <div
        ref={dialog}
        className="modal d-block site-entry"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
        data-testid="site-entry-warning"
      >
        <div className="modal-dialog modal-dialog-centered site-entry__dialog">
          <div className="modal-content border-0 shadow-lg rounded-4 overflow-hidden">
            <div className="site-entry__band" aria-hidden="true">
              <span className="site-entry__badge">{t('badge')}</span>
            </div>
            <div className="modal-body p-4 p-sm-5 pt-4 text-center">
              <h2 id={titleId} className="h4 mb-3">
                {t('title')}
              </h2>
              <div id={textId} className="text-start">
                <p className="mb-3">{t('intro')}</p>
                <p className="site-entry__fictional small mb-3">
                  <span aria-hidden="true" className="me-2">
                    {settings.fictional_icon}
                  </span>
                  {t('fictional', { plural: settings.fictional_plural })}
                </p>
                <p className="small text-body-secondary mb-4">{t('confirm')}</p>
              </div>
              <div className="d-grid gap-2">
                <button
                  ref={proceed}
                  type="button"
                  className="btn btn-primary btn-lg rounded-pill"
                  onClick={onProceed}
                >
                  {t('proceed')}
                </button>
                <a
                  href={LEAVE_URL}
                  className="btn btn-link text-body-secondary"
                  rel="noopener noreferrer"
                >
                  {t('leave')}
                </a>
              </div>
              <Link to="/terms" className="d-inline-block small mt-2">
                {t('terms')}
              </Link>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show site-entry__backdrop" />
    </>,
    document.body,
  );
}
