/**
 * The public entry: a visitor's first page (the home page, a lander, or an app page a visitor
 * opens before logging in: app-pages.ts), rendered by the server (render.tsx), taken over here
 * without React Router or a catalogue script. Links lead into the full app (index.html,
 * web/src/main.tsx) by loading the page.
 */
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGE_DATA_ID, type PublicPageData, type SettingsResponse } from '@app/contract';
import '../styles/main.scss';
import { createQueryClient } from '../api/query-client';
import { takeInlineSettings } from '../api/settings';
import { languageOfAddress, localeCookie } from '../i18n/choose-locale';
import { captureTracking } from '../components/signup/tracking';
import { countVisit, registerServiceWorkerLater } from '../app/public-entry';
import { completeCatalogue, startPublicI18n } from './i18n';
import { PublicApp, matchPublicPage, type PublicPage } from './PublicApp';
import { APP_PAGE_LOADERS } from './app-pages.browser';
import { seedPublicQueries } from './seed';
import {
  changedFields,
  handToPage,
  replayEarlyInput,
  startTakingOver,
  whenSettled,
} from './early-input';
import { SITE_ENTRY_NS, preloadSiteEntryModal } from '../features/site-entry';
import { takeLikePopupDelay } from '../features/likes';
import { whileTakingOver } from '../components/taking-over';

// the landing URL's tracking parameters travel with a later signup (SPEC point 3)
captureTracking(window.location.search);
// a landing from traffic counts one visit of its source (the console's traffic report)
countVisit(window.location);

// an address with ?lang=<code> chooses the language, remembered as a choice in the menu is
const addressLanguage = languageOfAddress();
if (addressLanguage) document.cookie = localeCookie(addressLanguage);

function takeData(): PublicPageData | null {
  const element = document.getElementById(PUBLIC_PAGE_DATA_ID);
  if (!element) return null;
  element.remove();
  return JSON.parse(element.textContent ?? 'null') as PublicPageData | null;
}

const data = takeData();
const settings = takeInlineSettings();
const page = matchPublicPage(window.location.pathname);
const root = document.getElementById('root');
// the address as the server rendered the page, before `t` leaves it
const { pathname, search, hash } = window.location;
// ?t=<seconds>, the like popup (SPEC point 2): the parameter leaves the address at once; the
// popup's code loads only for such a visit
const likePopupDelay = takeLikePopupDelay();

if (!data || !settings || !page || !root) {
  // not rendered for the public entry (cannot happen with the server's pages): the HTML stays,
  // its links still lead into the app
  console.warn('public page data missing: the page stays as the server sent it');
} else {
  void takeOver(data, settings, page, root);
}

/** Starts the texts, seeds the answers the page was rendered from, and hydrates it. */
async function takeOver(
  data: PublicPageData,
  settings: SettingsResponse,
  page: PublicPage,
  root: HTMLElement,
): Promise<void> {
  // an app page (login, pricing, …): its component's chunk, loaded while the rest starts (the
  // page is painted meanwhile: the server rendered it)
  const loading = page.page === 'app' ? APP_PAGE_LOADERS[page.name]() : undefined;
  // a visitor who may meet the entry warning: its code loads beside the page, not after it
  if (data.texts[SITE_ENTRY_NS]) void preloadSiteEntryModal();
  startPublicI18n(data.language, data.texts);
  const queryClient = createQueryClient();
  seedPublicQueries(queryClient, settings, data);
  const appPage = await loading;
  const changed = changedFields(root);
  startTakingOver();
  const app = (later?: ReactNode) => (
    <StrictMode>
      <PublicApp
        queryClient={queryClient}
        page={page}
        location={{ pathname, search, hash }}
        appPage={appPage}
      >
        {later}
      </PublicApp>
    </StrictMode>
  );
  const taken = whileTakingOver(() => hydrateRoot(root, app()));
  // what the visitor typed, clicked or submitted meanwhile (held by the early-input script in the
  // head), handed to the page once it has settled (a render before then would undo what it did not
  // hear): the fields first, then the held clicks in order once the page has rendered with them
  whenSettled(() => {
    handToPage(changed);
    window.setTimeout(() => void replayEarlyInput(), 0);
  });
  if (likePopupDelay !== null) {
    void import('./like-popup')
      .then(({ PublicLikePopup }) =>
        taken.render(app(<PublicLikePopup delay={likePopupDelay} pathname={pathname} />)),
      )
      .catch(() => undefined);
  }
  // the installable app's service worker, as the app registers it (production builds)
  if (import.meta.env.PROD) {
    void registerServiceWorkerLater();
  }
  // the rest of the language's texts, for what the visitor opens next, once the page is idle
  // (at the latest after 2 s: a page that keeps animating may never be idle)
  const fetchRest = () => void completeCatalogue().catch(() => undefined);
  if (window.requestIdleCallback) window.requestIdleCallback(fetchRest, { timeout: 2000 });
  else window.setTimeout(fetchRest, 200);
}
