import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';

/**
 * Who a media URL was made for: `public` URLs serve a file only while its photo is active;
 * `private` ones (made for the owner and staff) whatever its state.
 */
export type MediaScope = 'public' | 'private';

/** URLs live at least this long, and at most twice as long. */
const WINDOW_S = 3600;

/**
 * Signed, expiring media URLs (`/media/<kind>/<file>?e=<expiry>&v=<scope>&s=<signature>`): the
 * server hands one only to a viewer the member-access photo rule allows, and the media route
 * serves a file only with a valid, unexpired signature. Expiry is rounded to the hour, so a URL
 * stays the same for an hour (the browser caches the file) and works one to two hours.
 */
@Injectable()
export class MediaSigner {
  /**
   * The key, imported once: `createHmac` with a raw Buffer imports the key on every call
   * (~10 µs on Node 24, and a page signs dozens of URLs); with a KeyObject a signature costs ~2 µs.
   */
  private readonly key: KeyObject;
  /** Where media URLs point: the setting cdn_prefix ('/media/' or a CDN's address). */
  private prefix = '/media/';

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createSecretKey(Buffer.from(config.MEDIA_SECRET, 'utf8'));
  }

  /** HMAC-SHA256 of the URL's parts, base64url, 192 bits. */
  signature(path: string, expires: number, scope: MediaScope): string {
    return createHmac('sha256', this.key)
      .update(`${path}\n${expires}\n${scope}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /**
   * The setting cdn_prefix, as SettingsService last read it: URLs made from now on start with it.
   * A CDN at that address forwards /media/... to this server (the signature covers the path
   * after the prefix, so the same URL verifies whichever host served it).
   */
  usePrefix(prefix: string): void {
    this.prefix = prefix.endsWith('/') ? prefix : `${prefix}/`;
  }

  url(
    kind: 'photos' | 'chat' | 'library',
    file: string,
    scope: MediaScope,
    now = Date.now(),
  ): string {
    const path = `${kind}/${file}`;
    const expires = (Math.floor(now / 1000 / WINDOW_S) + 2) * WINDOW_S;
    const v = scope === 'public' ? 'a' : 'o';
    return `${this.prefix}${path}?e=${expires}&v=${v}&s=${this.signature(path, expires, scope)}`;
  }

  /** The scope of a valid, unexpired URL, or null. */
  verify(
    kind: string,
    file: string,
    query: { e?: unknown; v?: unknown; s?: unknown },
    now = Date.now(),
  ): MediaScope | null {
    const { e, v, s } = query;
    if (typeof e !== 'string' || typeof v !== 'string' || typeof s !== 'string') return null;
    if (!/^\d{1,12}$/.test(e) || (v !== 'a' && v !== 'o')) return null;
    const expires = Number(e);
    if (expires * 1000 <= now) return null;
    const scope: MediaScope = v === 'a' ? 'public' : 'private';
    const wanted = Buffer.from(this.signature(`${kind}/${file}`, expires, scope));
    const given = Buffer.from(s);
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? scope : null;
  }
}
