import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { endpointAllowed } from './endpoint-policy';
import { vapidIdentity, type VapidIdentity } from './push-config';
import type { StoredSubscription } from './push-subscriptions.sql';

/** How long a VAPID token is valid (RFC 8292 allows up to 24 hours). */
const VAPID_VALID_SECONDS = 12 * 60 * 60;
/** A cached token is renewed this long before it expires. */
const VAPID_RENEW_SECONDS = 60 * 60;
/** A push service that has not answered by then has failed this push. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Open connections kept per push service (one for each push the worker sends at once). */
const SOCKETS_PER_SERVICE = 64;

export interface PushOptions {
  /** RFC 8030 §5.2: seconds the push service keeps the push for an offline browser. */
  ttl: number;
  /** RFC 8030 §5.3. */
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 §5.4: a newer push with the same topic replaces one not delivered yet. */
  topic: string;
}

/** What the push service answered: its status (0: no answer) and, for a failure, why. */
export interface PushOutcome {
  status: number;
  error?: string;
}

/**
 * Sends one encrypted push (RFC 8291, aes128gcm, via the `web-push` library) with a VAPID header
 * (RFC 8292) to a push service. Unlike web-push's own sendNotification: the VAPID token (an ES256
 * signature) is made once per push service for its validity, not per push; connections are kept
 * alive; redirects are never followed (node:http does not); http only for the operator's
 * PUSH_ENDPOINT_HOSTS (https for every known push service).
 */
@Injectable()
export class PushSender implements OnApplicationShutdown {
  readonly identity: VapidIdentity | null;
  private readonly vapid = new Map<string, { header: string; renewAt: number }>();
  private readonly agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
  };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.identity = vapidIdentity(config);
  }

  get enabled(): boolean {
    return this.identity !== null;
  }

  async send(
    subscription: StoredSubscription,
    payload: string,
    options: PushOptions,
  ): Promise<PushOutcome> {
    if (!this.identity) return { status: 0, error: 'push is off (no VAPID keys)' };
    // the list may have changed since the member subscribed
    if (!endpointAllowed(subscription.endpoint, this.config.PUSH_ENDPOINT_HOSTS)) {
      return { status: 0, error: 'endpoint not allowed (PUSH_ENDPOINT_HOSTS)' };
    }
    const url = new URL(subscription.endpoint);
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        TTL: options.ttl,
        urgency: options.urgency,
        topic: options.topic,
        contentEncoding: 'aes128gcm',
        // no vapidDetails: signed here once per push service (web-push would sign every push)
        headers: { Authorization: this.vapidHeader(url.origin, this.identity) },
      },
    );
    return this.post(url, details.headers, details.body);
  }

  /** `vapid t=<JWT>, k=<public key>` for a push service's origin, reused while valid. */
  private vapidHeader(audience: string, identity: VapidIdentity): string {
    const now = Date.now() / 1000;
    const cached = this.vapid.get(audience);
    if (cached && cached.renewAt > now) return cached.header;
    const expires = Math.floor(now) + VAPID_VALID_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      identity.subject,
      identity.publicKey,
      identity.privateKey,
      'aes128gcm',
      expires,
    );
    this.vapid.set(audience, { header: Authorization, renewAt: expires - VAPID_RENEW_SECONDS });
    return Authorization;
  }

  private post(
    url: URL,
    headers: Record<string, string | number>,
    body: Buffer | null,
  ): Promise<PushOutcome> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers,
          agent: this.agents[url.protocol as 'https:' | 'http:'],
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (text.length < 500) text += chunk;
          });
          response.on('end', () =>
            resolve(
              status >= 200 && status < 300
                ? { status }
                : { status, error: `${status} ${text.trim()}`.slice(0, 500) },
            ),
          );
          response.on('error', (error) => resolve({ status, error: String(error) }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
      request.on('error', (error) => resolve({ status: 0, error: String(error) }));
      request.end(body ?? undefined);
    });
  }

  onApplicationShutdown(): void {
    this.agents['https:'].destroy();
    this.agents['http:'].destroy();
  }
}
