import { createPortal } from 'react-dom';
import { SITE_ENTRY_CATALOGUES, siteEntryMessages } from './i18n';
import { SiteEntryDialog } from './SiteEntryDialog';

/**
 * The warning as the app opens it (its own chunk, with its texts): beside the page, in <body>.
 * A public page brings it rendered in instead (SiteEntryWarning).
 */
export default function SiteEntryModal({ onProceed }: { onProceed: () => void }) {
  const ready = siteEntryMessages.useMessages(SITE_ENTRY_CATALOGUES);
  if (!ready) return null;
  return createPortal(<SiteEntryDialog onProceed={onProceed} />, document.body);
}
