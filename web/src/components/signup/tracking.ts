import { useSyncExternalStore } from 'react';
import type { SignupRequest } from '@app/contract';
import { useSettings } from '../../api/settings';

export const TRACKING_STORAGE_KEY = 'signup_tracking';
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'invite'] as const;
/** What the landing page adds: its name, its slug and its address (the first lander counts). */
const LANDER_FIELDS = ['lander', 'slug', 'landing_url'] as const;
const STORED_FIELDS = [...TRACKING_PARAMS, ...LANDER_FIELDS] as const;

/** The tracking data a signup carries (fields of the signup request). */
export type TrackingData = Pick<SignupRequest, (typeof STORED_FIELDS)[number]>;

/**
 * Keeps the landing URL's tracking parameters (network, ref, sub1-3, invite) in sessionStorage.
 * Only the first landing with any of them counts; later pages of the visit do not overwrite it.
 */
export function captureTracking(search: string, storage: Storage = window.sessionStorage): void {
  try {
    if (storage.getItem(TRACKING_STORAGE_KEY)) return;
    const params = new URLSearchParams(search);
    const data: TrackingData = {};
    for (const name of TRACKING_PARAMS) {
      const value = params.get(name);
      if (value) data[name] = value.slice(0, 255);
    }
    if (Object.keys(data).length > 0) storage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(data));
  } catch {
    // storage unavailable (private mode): signup works without tracking data
  }
}

/**
 * Adds the lander the visitor arrived on (its name, slug and address) to the kept tracking
 * data, beside the URL's parameters. Only the first lander of the visit counts.
 */
export function captureLander(
  lander: string,
  slug: string | undefined,
  url: string,
  storage: Storage = window.sessionStorage,
): void {
  try {
    const data = readTracking(storage);
    if (data.lander) return;
    data.lander = lander.slice(0, 50);
    if (slug) data.slug = slug.slice(0, 100);
    data.landing_url = url.slice(0, 2000);
    storage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(data));
  } catch {
    // storage unavailable (private mode): signup works without tracking data
  }
}

export function readTracking(storage?: Storage): TrackingData {
  try {
    // none on the server (a page rendered there: web/src/public)
    const raw = (storage ?? window.sessionStorage).getItem(TRACKING_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const data: TrackingData = {};
    for (const name of STORED_FIELDS) {
      if (typeof parsed[name] === 'string') data[name] = parsed[name];
    }
    return data;
  } catch {
    return {};
  }
}

/** settings.signups: 'all' is open, 'with_trafficsource' needs a network or ref, else closed. */
export function signupsOpen(signups: string, tracking: TrackingData): boolean {
  if (signups === 'all') return true;
  if (signups === 'with_trafficsource') return !!(tracking.network || tracking.ref);
  return false;
}

/**
 * Whether this visitor may sign up. The tracking data is this browser's: a page the server
 * renders (web/src/public) says what a visitor without any says, and the browser then its own.
 */
export function useSignupsOpen(): boolean {
  const { signups } = useSettings();
  return useSyncExternalStore(
    noSubscription,
    () => signupsOpen(signups, readTracking()),
    () => signupsOpen(signups, {}),
  );
}

/** The last tracking data read, by its stored text (a snapshot must stay the same object). */
let lastTracking: { raw: string | null; data: TrackingData } | null = null;
const NO_TRACKING: TrackingData = {};

function trackingSnapshot(): TrackingData {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(TRACKING_STORAGE_KEY);
  } catch {
    // storage unavailable: no tracking data
  }
  if (lastTracking?.raw !== raw) lastTracking = { raw, data: readTracking() };
  return lastTracking.data;
}

/**
 * This browser's tracking data, for rendering: on a page the server rendered (web/src/public),
 * what a visitor without any has until the page is taken over, then the browser's own.
 */
export function useTracking(): TrackingData {
  return useSyncExternalStore(noSubscription, trackingSnapshot, () => NO_TRACKING);
}

/** Tracking data is stored before the page renders and does not change under it. */
const noSubscription = () => () => undefined;
