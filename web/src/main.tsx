import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles/main.scss';
import { i18nReady } from './i18n';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { reloadOnceForChunkError } from './app/chunk-reload';
import { captureTracking } from './components/signup/tracking';
import { countVisit } from './app/traffic-beacons';
import { registerServiceWorkerLater } from './app/pwa/register-later';

// Vite reports a failed preload of a page chunk here; reload once (guarded), else let it fail.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError(event.payload)) event.preventDefault();
});

// the landing URL's tracking parameters travel with a later signup (SPEC point 3)
captureTracking(window.location.search);
// a landing from traffic counts one visit of its source (the console's traffic report)
countVisit(window.location);

// the installed app's service worker (not in development: Vite serves sources there); workbox-window
// loads on its own, after the page's own scripts (it registers after the load event anyway)
if (import.meta.env.PROD) {
  void registerServiceWorkerLater();
}

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// the chosen language's catalogue first (Dutch is bundled; others are one small request)
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
