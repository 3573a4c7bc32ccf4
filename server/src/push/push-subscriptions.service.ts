import { Inject, Injectable } from '@nestjs/common';
import { createPublicKey } from 'node:crypto';
import type { PushSubscriptionRequest } from '@app/contract';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { endpointAllowed } from './endpoint-policy';
import { vapidIdentity } from './push-config';
import { subscriptionsOfMemberStatement, type StoredSubscription } from './push-subscriptions.sql';

/** Browsers (subscriptions) one member may have: a new one beyond it drops their oldest. */
export const SUBSCRIPTIONS_PER_MEMBER = 10;

/** The members' push subscriptions (push_subscriptions): one per browser that said yes. */
@Injectable()
export class PushSubscriptions {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores this browser's subscription for the member. An endpoint stored for another member
   * (the browser's previous account) moves to this one: a browser has one endpoint, and its
   * pushes go to whoever subscribed last. Past SUBSCRIPTIONS_PER_MEMBER the oldest are dropped.
   * The subscription belongs to the login session that stored it: when that session ends, the
   * database deletes it with the session (push_subscriptions.session_id, on delete cascade).
   */
  async subscribe(
    member: { userId: number; sessionId: string },
    body: PushSubscriptionRequest,
    now = new Date(),
  ): Promise<void> {
    const { userId, sessionId } = member;
    if (!vapidIdentity(this.config)) throw new AppError('push_unavailable');
    if (!endpointAllowed(body.endpoint, this.config.PUSH_ENDPOINT_HOSTS)) {
      throw new AppError('push_endpoint_refused', {}, 'endpoint');
    }
    if (!isP256Point(body.keys.p256dh)) throw new AppError('validation_failed', {}, 'keys.p256dh');
    if (Buffer.from(body.keys.auth, 'base64url').length !== 16) {
      throw new AppError('validation_failed', {}, 'keys.auth');
    }
    const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth };
    await this.prisma.$transaction(async (tx) => {
      await tx.pushSubscription.upsert({
        where: { endpoint: body.endpoint },
        create: { userId, sessionId, endpoint: body.endpoint, ...keys, createdAt: now },
        update: { userId, sessionId, ...keys, createdAt: now, lastError: null },
      });
      const beyond = await tx.pushSubscription.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: SUBSCRIPTIONS_PER_MEMBER,
        select: { id: true },
      });
      if (beyond.length > 0) {
        await tx.pushSubscription.deleteMany({ where: { id: { in: beyond.map((s) => s.id) } } });
      }
    });
  }

  /** This browser stops receiving the member's pushes (idempotent). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { userId, endpoint } });
  }

  /** Every browser of the member that subscribed (one prepared statement: once per event). */
  async forMember(userId: number): Promise<StoredSubscription[]> {
    return queryRows(this.prisma.pool, subscriptionsOfMemberStatement(userId));
  }

  /** The push service said the subscription is gone (404/410): it is deleted. */
  async prune(id: number): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { id } });
  }

  /** Keeps why the last push to it failed (shown to nobody; for operators and the log). */
  async recordError(id: number, error: string): Promise<void> {
    await this.prisma.pushSubscription.updateMany({
      where: { id },
      data: { lastError: error.slice(0, 500) },
    });
  }
}

/** A base64url uncompressed P-256 public key (65 bytes, on the curve): what p256dh must be. */
function isP256Point(value: string): boolean {
  const raw = Buffer.from(value, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
