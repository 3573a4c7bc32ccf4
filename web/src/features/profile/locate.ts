import type { Geocode } from '@app/contract';
import { geocode } from './api/geo';
import { ApiError } from '../../api/client';
import { GEOLOCATION_CACHE_MS } from '../../config/constants';

/** Why "use my location" found nothing: each has its own message. */
export type LocateProblem = 'unsupported' | 'denied' | 'unavailable' | 'not_found' | 'failed';

export class LocateError extends Error {
  constructor(readonly problem: LocateProblem) {
    super(problem);
    this.name = 'LocateError';
  }
}

/** The last geocode answer and when it came (localStorage, GEOLOCATION_CACHE_MS). */
export const GEOCODE_CACHE_KEY = 'vonkje.geocode';
/** How long the browser may take to find the position. */
const POSITION_TIMEOUT_MS = 15_000;

function cached(now: number): Geocode | null {
  try {
    const raw = localStorage.getItem(GEOCODE_CACHE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as { at?: unknown; geocode?: Geocode };
    if (typeof entry.at !== 'number' || !entry.geocode) return null;
    return now - entry.at >= 0 && now - entry.at < GEOLOCATION_CACHE_MS ? entry.geocode : null;
  } catch {
    return null;
  }
}

function remember(found: Geocode, now: number): void {
  try {
    localStorage.setItem(GEOCODE_CACHE_KEY, JSON.stringify({ at: now, geocode: found }));
  } catch {
    // storage full or blocked: the next click asks again
  }
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) =>
        reject(new LocateError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: GEOLOCATION_CACHE_MS },
    );
  });
}

/**
 * "Use my location": the browser's position, then the nearest seeded city of it
 * (/api/geocode.php). The answer is kept for an hour, so a second click asks neither the
 * browser nor the server. Fails with a LocateError naming what went wrong.
 */
export async function locate(now = Date.now()): Promise<Geocode> {
  const hit = cached(now);
  if (hit) return hit;
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    throw new LocateError('unsupported');
  }
  const { coords } = await position();
  try {
    const { geocode: found } = await geocode(coords.latitude, coords.longitude);
    remember(found, now);
    return found;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'location_not_found') {
      throw new LocateError('not_found');
    }
    throw new LocateError('failed');
  }
}
