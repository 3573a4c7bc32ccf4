import { lazy } from 'react';

/**
 * The member-only parts of the default layout, loaded on first use (one chunk), so that a visitor's first visit does not download them.
 */
const memberParts = () => import('./MemberParts');

export const LazyMemberAlerts = lazy(() =>
  memberParts().then((module) => ({ default: module.MemberAlerts })),
);

/** The re-acceptance screen, in place of the page while a legal document is still to accept. */
export const LazyConsentGate = lazy(() =>
  memberParts().then((module) => ({ default: module.ConsentGate })),
);

export const LazyMemberOverlays = lazy(() =>
  memberParts().then((module) => ({ default: module.MemberOverlays })),
);
