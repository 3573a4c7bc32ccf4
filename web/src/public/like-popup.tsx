/**
 * The like popup on a server-rendered public page (SPEC point 2, popups): loaded by the public
 * entry (main.tsx) only when the visitor arrived with `?t=<seconds>`, so a visit without it loads
 * none of this. The app's own dialog (features/likes), added to the page main.tsx took over (its
 * providers, its query cache; an id of the dialog's is then unique in the document).
 */
import { useEffect, useState } from 'react';
import { LikePopupDialog, likePopupPageMember } from '../features/likes';
import { completeCatalogue } from './i18n';

/**
 * Opens `delay` seconds after the page was opened (the address's time, not this chunk's), once
 * the language's texts are in (the page brought only its own). A catalogue that cannot load
 * leaves the page without the popup.
 */
export function PublicLikePopup({ delay, pathname }: { delay: number; pathname: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    let live = true;
    completeCatalogue().then(
      () => {
        if (!live) return;
        timer = window.setTimeout(
          () => setOpen(true),
          Math.max(0, delay * 1000 - performance.now()),
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [delay]);
  if (!open) return null;
  return (
    <LikePopupDialog pageMember={likePopupPageMember(pathname)} onClose={() => setOpen(false)} />
  );
}
