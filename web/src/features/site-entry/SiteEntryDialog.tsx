import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SITE_ENTRY_PROCEED_ATTRIBUTE } from '@app/contract/cookies';
import { useSettings } from '../../api/settings';
import { SITE_ENTRY_NS } from './i18n';

/** Where a visitor under 18 is sent. */
export const LEAVE_URL = 'https://www.google.com/';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's title and text (one warning at a time). */
const TITLE_ID = 'site-entry-title';
const TEXT_ID = 'site-entry-text';

/**
 * The warning: an alert dialog the visitor answers, either continuing as an adult or leaving the
 * site. Escape and a click beside it do not count as an answer; Tab stays inside, and the page
 * around it is inert while it is open (set once it is live in the browser).
 *
 * `rendered`: a public page's copy, rendered by the server into the page (not beside it, as the
 * app's portal puts it) and taken over where it stands; the page's inline check (server/src/
 * site-pages/entry-check.ts) hides it for a browser that answered before and answers its button before the
 * page's scripts have run.
 */
export function SiteEntryDialog({
  rendered = false,
  onProceed,
}: {
  rendered?: boolean;
  onProceed: () => void;
}) {
  // the default namespace's hook (re-renders on a language change) with the texts read from
  // `siteEntry`: useTranslation(SITE_ENTRY_NS) would ask the backend for the namespace, which
  // answers with the main catalogue and can overwrite the texts loaded for the warning
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(i18n.language, SITE_ENTRY_NS);
  const settings = useSettings();
  const dialog = useRef<HTMLDivElement>(null);
  const proceed = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const outside = dialog.current ? inertAround(dialog.current) : () => undefined;
    document.body.classList.add('modal-open');
    proceed.current?.focus();
    return () => {
      outside();
      document.body.classList.remove('modal-open');
      before?.focus();
    };
  }, []);

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

  const answer = rendered ? { [SITE_ENTRY_PROCEED_ATTRIBUTE]: '' } : {};
  const content = (
    <>
      {/* a modal alert dialog handles Tab and Escape for what is inside it (WAI-ARIA's pattern) */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialog}
        className="modal d-block site-entry"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        aria-describedby={TEXT_ID}
        onKeyDown={onKeyDown}
        data-testid="site-entry-warning"
      >
        <div className="modal-dialog modal-dialog-centered site-entry__dialog">
          <div className="modal-content border-0 shadow-lg rounded-4 overflow-hidden">
            <div className="site-entry__band" aria-hidden="true">
              <span className="site-entry__badge">{t('badge')}</span>
            </div>
            <div className="modal-body p-4 p-sm-5 pt-4 text-center">
              <h2 id={TITLE_ID} className="h4 mb-3">
                {t('title')}
              </h2>
              <div id={TEXT_ID} className="text-start">
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
                  {...answer}
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
    </>
  );
  return rendered ? <div className="site-entry--rendered">{content}</div> : content;
}

/**
 * Makes everything around `element` inert (each sibling of it and of each of its ancestors up to
 * <body>), wherever it stands in the page; returns the undo.
 */
function inertAround(element: HTMLElement): () => void {
  const made: Element[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body;) {
    const parent: HTMLElement | null = node.parentElement;
    for (const sibling of parent?.children ?? []) {
      if (sibling !== node && !sibling.hasAttribute('inert') && !SKIPPED.has(sibling.tagName)) {
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
    }
    node = parent;
  }
  return () => made.forEach((sibling) => sibling.removeAttribute('inert'));
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);
