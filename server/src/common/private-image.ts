import type { Response } from 'express';

/**
 * Sends a staff-only image (a verification selfie, a flagged chat photo) that must never be
 * cached or embedded elsewhere: WebP, `no-store`, same-origin; a bare 404 when there is none.
 */
export function sendPrivateWebp(res: Response, data: Buffer | null): void {
  res.setHeader('Cache-Control', 'no-store');
  if (!data) {
    res.status(404).end();
    return;
  }
  res
    .status(200)
    .setHeader('Content-Type', 'image/webp')
    .setHeader('Content-Disposition', 'inline')
    .setHeader('Cross-Origin-Resource-Policy', 'same-origin')
    .end(data);
}

/**
 * Sends an image a signed URL gave access to (a chat photo, a partner's library photo): WebP,
 * cached privately until the signature's expiry `e` (epoch seconds), same-origin; a bare 404,
 * never cached, when there is none.
 */
export function sendSignedWebp(res: Response, data: Buffer | null, expires: unknown): void {
  if (!data) {
    res.status(404).setHeader('Cache-Control', 'no-store').end();
    return;
  }
  const maxAge = Math.max(0, Math.floor(Number(expires) - Date.now() / 1000));
  res
    .status(200)
    .setHeader('Content-Type', 'image/webp')
    .setHeader('Cache-Control', `private, max-age=${maxAge}, immutable`)
    .setHeader('Content-Disposition', 'inline')
    .setHeader('Cross-Origin-Resource-Policy', 'same-origin')
    .end(data);
}
