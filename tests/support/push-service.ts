/**
 * A local stand-in for a browser's push service (no outside one is reachable from tests): an
 * HTTP server speaking the Web Push protocol as the site's worker meets it.
 *
 * - RFC 8030: a push is `POST /push/<subscription id>` with a `TTL` header (and optionally
 *   `Topic`, `Urgency`); answered `201 Created` with a `Location` of the message. An unknown
 *   subscription is answered 404; one told `gone` (the browser unsubscribed) 410.
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by
 *   that key, `aud` is this service's origin, `exp` at most 24 hours ahead, `sub` a mailto: or
 *   https: URL. Missing or wrong: 401; a key other than the subscription's application server
 *   key: 403.
 * - RFC 8291/8188: the body is `aes128gcm`, encrypted to the subscription's P-256 key and auth
 *   secret, which this service generated (as a browser does): it decrypts it with node:crypto.
 *
 * `subscribe()` hands out subscriptions shaped like the browser's `PushSubscription.toJSON()`;
 * every accepted push is kept in `received` (decrypted body, parsed JSON, headers) and passed to
 * the `onMessage` listeners (the browser journey forwards them to the service worker).
 *
 * Used by the server's integration tests, the Playwright journeys and the bench (which runs it in
 * a process of its own: push-service-main.ts). Runs under Node's type stripping: plain
 * TypeScript only, node: imports only.
 */
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the browser gives the site: `PushSubscription.toJSON()`. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** One push the service accepted. */
export interface ReceivedPush {
  /** The subscription's id (the last part of its endpoint). */
  id: string;
  endpoint: string;
  /** The decrypted body (null when decryption is off). */
  body: Buffer | null;
  /** The body as JSON, when it is JSON. */
  json: unknown;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  /** The VAPID JWT's claims and the key that signed it. */
  vapid: { aud: string; exp: number; sub: string; key: string } | null;
  /** When it arrived (ms since the epoch, sub-millisecond). */
  receivedAt: number;
}

export interface PushServiceOptions {
  /** Port to listen on (0: any free port). */
  port?: number;
  host?: string;
  /** Decrypt every body (default true). Off: the bench measures the sender alone. */
  decrypt?: boolean;
  /** Check the VAPID header (default true). */
  checkVapid?: boolean;
  /** Accept pushes to ids it never handed out (the bench's 10,000 endpoints; no decryption). */
  acceptUnknown?: boolean;
  /** Keep accepted pushes in `received` (default true; the bench keeps only times). */
  keep?: boolean;
  /** Answer each push this many ms late (a push service across the internet; default 0). */
  delayMs?: number;
}

interface Subscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** The application server key the "browser" subscribed with: pushes must be signed by it. */
  applicationServerKey: string | null;
}

type Listener = (push: ReceivedPush) => void;

const MAX_BODY = 4096; // RFC 8291 §4: a push service must accept at least 4096 bytes
const DAY_SECONDS = 24 * 60 * 60;

export class PushService {
  readonly received: ReceivedPush[] = [];
  /** When each push arrived, by subscription id (kept even when `keep` is off). */
  readonly arrivals: { id: string; at: number }[] = [];
  /** Answers it gave other than 201, by status (refused pushes). */
  readonly refusals: { status: number; id: string; reason: string }[] = [];
  /** Errors raised after a push was answered (a listener's): none in a sound run. */
  readonly errors: unknown[] = [];
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly gone = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private readonly server: Server;
  private readonly options: Required<Omit<PushServiceOptions, 'port' | 'host' | 'delayMs'>>;
  /** How late each push is answered (ms): a push service across the internet. */
  delayMs: number;
  private verifiedTokens = new Map<string, ReceivedPush['vapid']>();
  origin = '';

  private constructor(options: PushServiceOptions) {
    this.options = {
      decrypt: options.decrypt ?? true,
      checkVapid: options.checkVapid ?? true,
      acceptUnknown: options.acceptUnknown ?? false,
      keep: options.keep ?? true,
    };
    this.delayMs = options.delayMs ?? 0;
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // an error after the answer went out (a listener's, a socket's) is kept and shown, not
        // answered again: a second answer would throw and hide the first error
        if (res.headersSent) {
          this.errors.push(error);
          console.error('push service stand-in, after answering:', error);
          return;
        }
        this.answer(res, 500, '', String(error));
      });
    });
    this.server.keepAliveTimeout = 60_000;
  }

  /** Starts a push service on `host:port` (default 127.0.0.1, any free port). */
  static async start(options: PushServiceOptions = {}): Promise<PushService> {
    const service = new PushService(options);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      service.server.once('error', reject);
      service.server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = service.server.address() as AddressInfo;
    service.origin = `http://${host}:${port}`;
    return service;
  }

  /** `host:port` of this service, for the site's PUSH_ENDPOINT_HOSTS. */
  get host(): string {
    return new URL(this.origin).host;
  }

  /**
   * A new subscription, as a browser's `pushManager.subscribe()` gives one: an endpoint here, a
   * fresh P-256 key pair and auth secret (kept to decrypt what arrives). With the site's VAPID
   * public key, pushes signed by another key are refused (403), as push services do.
   */
  subscribe(options: { applicationServerKey?: string } = {}): StandInSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscribers.set(id, {
      ecdh,
      publicKey,
      auth,
      applicationServerKey: options.applicationServerKey ?? null,
    });
    return {
      endpoint: `${this.origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** From now on, pushes to this subscription are answered 410 Gone (the browser left). */
  expire(endpoint: string): void {
    this.gone.add(idOf(endpoint));
  }

  /** Calls `listener` with every accepted push; returns a function that stops it. */
  onMessage(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The pushes that arrived for one subscription. */
  pushesTo(endpoint: string): ReceivedPush[] {
    const id = idOf(endpoint);
    return this.received.filter((push) => push.id === id);
  }

  /** Resolves with the first push (already here or arriving) that `matches`, or rejects. */
  waitFor(matches: (push: ReceivedPush) => boolean, timeoutMs = 10_000): Promise<ReceivedPush> {
    const found = this.received.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no matching push arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onMessage((push) => {
        if (!matches(push)) return;
        clearTimeout(timer);
        stop();
        resolve(push);
      });
    });
  }

  /** Forgets what arrived (subscriptions stay). */
  clear(): void {
    this.received.length = 0;
    this.arrivals.length = 0;
    this.refusals.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ------------------------------------------------------------- the protocol

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, MAX_BODY + 1);
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return this.answer(res, 404, '', 'not a push resource');
    const id = match[1];
    if (this.gone.has(id)) return this.answer(res, 410, id, 'subscription expired');
    const subscriber = this.subscribers.get(id);
    if (!subscriber && !this.options.acceptUnknown) {
      return this.answer(res, 404, id, 'no such subscription');
    }
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
      return this.answer(res, 400, id, 'TTL header missing or invalid');
    }
    const topic = header(req, 'topic');
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
      return this.answer(res, 400, id, 'Topic must be at most 32 base64url characters');
    }
    const urgency = header(req, 'urgency');
    if (urgency !== null && !['very-low', 'low', 'normal', 'high'].includes(urgency)) {
      return this.answer(res, 400, id, 'unknown Urgency');
    }
    if (body.length > MAX_BODY) return this.answer(res, 413, id, 'payload too large');
    let vapid: ReceivedPush['vapid'] = null;
    if (this.options.checkVapid) {
      const checked = this.checkVapid(header(req, 'authorization'));
      if (typeof checked === 'string') return this.answer(res, 401, id, checked);
      if (subscriber?.applicationServerKey && checked.key !== subscriber.applicationServerKey) {
        return this.answer(res, 403, id, 'signed by another key than the subscription’s');
      }
      vapid = checked;
    }
    let plain: Buffer | null = null;
    if (body.length > 0 && this.options.decrypt && subscriber) {
      if (header(req, 'content-encoding') !== 'aes128gcm') {
        return this.answer(res, 415, id, 'Content-Encoding must be aes128gcm');
      }
      try {
        plain = decrypt(body, subscriber);
      } catch (error) {
        return this.answer(res, 400, id, `cannot decrypt: ${String(error)}`);
      }
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const receivedAt = performance.timeOrigin + performance.now();
    this.arrivals.push({ id, at: receivedAt });
    const push: ReceivedPush = {
      id,
      endpoint: `${this.origin}/push/${id}`,
      body: plain,
      json: parseJson(plain),
      ttl,
      topic,
      urgency,
      vapid,
      receivedAt,
    };
    if (this.options.keep) this.received.push(push);
    res.writeHead(201, { Location: `/message/${randomUUID()}`, 'Content-Length': 0 });
    res.end();
    for (const listener of [...this.listeners]) {
      try {
        listener(push);
      } catch (error) {
        this.errors.push(error);
        console.error('push service stand-in, a listener failed:', error);
      }
    }
  }

  private answer(res: ServerResponse, status: number, id: string, reason: string): void {
    if (id) this.refusals.push({ status, id, reason });
    res.writeHead(status, { 'Content-Type': 'text/plain' });
    res.end(reason);
  }

  /** RFC 8292: the claims of a valid `vapid t=..., k=...` header, or why it is not valid. */
  private checkVapid(authorization: string | null): NonNullable<ReceivedPush['vapid']> | string {
    const match = /^vapid\s+t=([^,\s]+)\s*,\s*k=([A-Za-z0-9_-]+)\s*$/i.exec(authorization ?? '');
    if (!match) return 'Authorization is not "vapid t=<JWT>, k=<key>"';
    const [, token, key] = match;
    let claims = this.verifiedTokens.get(`${token} ${key}`);
    if (!claims) {
      const [head, payload, signature] = token.split('.');
      if (!signature) return 'the VAPID token is not a JWT';
      const header = parseJson(Buffer.from(head, 'base64url')) as { alg?: string } | null;
      if (header?.alg !== 'ES256') return 'the VAPID token is not ES256';
      const raw = Buffer.from(key, 'base64url');
      if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
      const publicKey = createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33).toString('base64url'),
        },
        format: 'jwk',
      });
      const signed = verify(
        'sha256',
        Buffer.from(`${head}.${payload}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      );
      if (!signed) return 'the VAPID signature does not verify with k';
      const parsed = parseJson(Buffer.from(payload, 'base64url')) as {
        aud?: unknown;
        exp?: unknown;
        sub?: unknown;
      } | null;
      if (typeof parsed?.aud !== 'string' || typeof parsed.exp !== 'number') {
        return 'the VAPID claims lack aud or exp';
      }
      claims = { aud: parsed.aud, exp: parsed.exp, sub: String(parsed.sub ?? ''), key };
      this.verifiedTokens.set(`${token} ${key}`, claims);
    }
    const now = Date.now() / 1000;
    if (claims.aud !== this.origin) return `aud ${claims.aud} is not ${this.origin}`;
    if (claims.exp <= now) return 'the VAPID token expired';
    if (claims.exp > now + DAY_SECONDS) return 'exp is more than 24 hours ahead';
    if (!/^(mailto:|https:)/.test(claims.sub)) return 'sub is neither mailto: nor https:';
    return claims;
  }
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm body, with the receiver's key
 * pair and auth secret. Header: salt (16) | record size (4) | key id length (1) | key id (the
 * sender's ephemeral public key); then records of `rs` bytes, each ending in a 16-byte tag, whose
 * plaintext ends with a delimiter (2 in the last record, 1 before) and zero padding.
 */
export function decrypt(
  body: Buffer,
  receiver: { ecdh: ECDH; publicKey: Buffer; auth: Buffer },
): Buffer {
  if (body.length < 21) throw new Error('shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  if (senderKey.length !== 65) throw new Error('the key id is not a P-256 public key');
  if (rs < 18) throw new Error('record size too small');
  const secret = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const records = body.subarray(21 + idLength);
  const parts: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, offset + rs);
    if (record.length <= 16) throw new Error('record without content');
    const nonce = Buffer.from(baseNonce);
    // the record's sequence number XORed into the nonce's low bits (fewer than 2^32 records)
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = offset + rs >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('bad record delimiter');
    parts.push(padded.subarray(0, end));
  }
  return Buffer.concat(parts);
}

function idOf(endpoint: string): string {
  return endpoint.slice(endpoint.lastIndexOf('/') + 1);
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function parseJson(body: Buffer | null): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    // past the limit: a body of the size received (the caller refuses it), contents dropped
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : Buffer.alloc(size)));
    req.on('error', reject);
  });
}
