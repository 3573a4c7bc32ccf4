import { useEffect } from 'react';
import { LANDERS, MEMBER_LANDINGS, type TrafficSource } from '@app/contract';
import { TRACKING_PARAMS } from '../components/signup/tracking';

export const TRAFFIC_VISIT_KEY = 'traffic_visit';

/** This browser session's visit: its source, its landing path, whether it went on or bounced. */
interface Visit {
  source: TrafficSource;
  path: string;
  moved: boolean;
  bounced: boolean;
}

const LANDER = new RegExp(`^/landers/(${LANDERS.join('|')})(?:/([^/]+))?/?$`);
const MEMBER_LANDING = new RegExp(`^/members/[^/]+/(${MEMBER_LANDINGS.join('|')})(?:/([^/]+))?/?$`);

const decode = (value: string | undefined) => {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * A landing's source: the URL's network, ref and sub1-3, and the lander (or member landing) and
 * slug of its path. Empty when it has none of them (not a visit from traffic).
 */
export function sourceOf(pathname: string, search: string): TrafficSource {
  const params = new URLSearchParams(search);
  const source: TrafficSource = {};
  for (const name of TRACKING_PARAMS) {
    const value = params.get(name);
    if (value && name !== 'invite')
      source[name] = value.slice(0, name.startsWith('sub') ? 255 : 100);
  }
  const page = LANDER.exec(pathname) ?? MEMBER_LANDING.exec(pathname);
  if (page) {
    source.lander = page[1];
    const slug = decode(page[2]);
    if (slug) source.slug = slug.slice(0, 100);
  }
  return source;
}

function send(kind: 'visit' | 'bounce', source: TrafficSource) {
  if (typeof navigator.sendBeacon !== 'function') return;
  const body = JSON.stringify({ kind, source });
  navigator.sendBeacon('/api/traffic-beacon.php', new Blob([body], { type: 'application/json' }));
}

function readVisit(storage: Storage): Visit | null {
  try {
    const raw = storage.getItem(TRAFFIC_VISIT_KEY);
    return raw ? (JSON.parse(raw) as Visit) : null;
  } catch {
    return null;
  }
}

/**
 * The traffic report's visit (issue 36): the first landing of a browser session that carries
 * tracking parameters or is a lander counts one visit of its source, sent as a beacon at once.
 * Call before the page renders.
 */
export function countVisit(
  location: Pick<Location, 'pathname' | 'search'>,
  storage: Storage = window.sessionStorage,
): void {
  try {
    if (storage.getItem(TRAFFIC_VISIT_KEY)) return;
    const source = sourceOf(location.pathname, location.search);
    if (Object.keys(source).length === 0) return;
    const visit: Visit = { source, path: location.pathname, moved: false, bounced: false };
    storage.setItem(TRAFFIC_VISIT_KEY, JSON.stringify(visit));
    send('visit', source);
  } catch {
    // storage unavailable (private mode): the visit is not counted
  }
}

/**
 * The visit's bounce: its landing page hidden (the visitor left or switched away) before they
 * went to another page of the site counts one bounce of the visit's source, once.
 */
export function useTrafficBounce(pathname: string) {
  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.sessionStorage;
    } catch {
      return;
    }
    const visit = readVisit(storage);
    if (!visit || visit.bounced || visit.moved) return;
    if (pathname !== visit.path) {
      storage.setItem(TRAFFIC_VISIT_KEY, JSON.stringify({ ...visit, moved: true }));
      return;
    }
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      const now = readVisit(storage);
      if (!now || now.bounced || now.moved) return;
      storage.setItem(TRAFFIC_VISIT_KEY, JSON.stringify({ ...now, bounced: true }));
      send('bounce', now.source);
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, [pathname]);
}
