/**
 * The like popup on a server-rendered public page (SPEC point 2, popups): loaded by the public
 * entry (main.tsx) only when the visitor arrived with `?t=<seconds>`, so a visit without it loads
 * none of this. The app's own dialog (features/likes), in a root of its own beside the page's
 * (#root stays as the server rendered it), with the page's query cache and texts.
 */
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LikePopupDialog } from '../features/likes/components/LikePopup';
import { likePopupPageMember } from '../features/likes/like-popup-delay';
import i18n, { completeCatalogue } from './i18n';

/**
 * Opens the popup `delay` seconds after the page was opened (the address's time, not this
 * chunk's), once the language's texts are in (the page brought only its own). A catalogue that
 * cannot load leaves the page without the popup.
 */
export async function showLikePopup(queryClient: QueryClient, delay: number): Promise<void> {
  const wait = Math.max(0, delay * 1000 - performance.now());
  try {
    await Promise.all([
      completeCatalogue(),
      new Promise((resolve) => window.setTimeout(resolve, wait)),
    ]);
  } catch {
    return;
  }
  const container = document.createElement('div');
  container.className = 'like-popup-root';
  document.body.append(container);
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    container.remove();
  };
  root.render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LikePopupDialog
          pageMember={likePopupPageMember(window.location.pathname)}
          onClose={close}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
