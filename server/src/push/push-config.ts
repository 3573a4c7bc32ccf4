import type { AppConfig } from '../config/config';

/** The site's VAPID identity (RFC 8292): its key pair and whom push services may contact. */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID identity from the environment, or null: without both keys web push is off (the
 * subscribe call answers push_unavailable, the push channel sends nothing). The subject defaults
 * to the MAIL_FROM address.
 */
export function vapidIdentity(
  config: Pick<AppConfig, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>,
): VapidIdentity | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return null;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT ?? `mailto:${address}`,
  };
}
